<?php
/**
 * Form submissions (docs/content-api.md, Form definitions and submissions; the
 * definitions are in form-definitions.php). With Gravity Forms, its own REST v2 route answers
 * `POST /api/gf/v2/forms/{id}/submissions`; without it, the plugin registers that route,
 * validates like Gravity Forms, stores the entry (a private "Form entries" post, files in
 * uploads/kestrel-entries/ under random names, closed to the web) and mails the admin.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Forms
{
    public const MAX_BODY_BYTES = 12 * 1024 * 1024;
    public const UPLOAD_FOLDER = 'kestrel-entries';

    public static function boot(): void
    {
        add_action('rest_api_init', [self::class, 'routes']);
    }

    public static function routes(): void
    {
        // Gravity Forms answers this route itself when it is active.
        if (FormDefinitions::gravityForms()) {
            return;
        }
        register_rest_route('gf/v2', '/forms/(?P<id>[^/]*)/submissions', [
            'methods' => 'POST',
            'callback' => [self::class, 'submit'],
            'permission_callback' => '__return_true',
        ]);
    }

    public static function submit(\WP_REST_Request $request): \WP_REST_Response
    {
        $id = (string) $request['id'];
        if ($id === '') {
            return Util::error('gf_missing_form_id', 'The URL names no form id.', 404);
        }
        $locale = (string) ($request->get_param('locale') ?: Languages::defaultLocale());
        if (!Languages::isLocale($locale)) {
            return Util::error('rest_invalid_param', 'Unknown locale', 400);
        }
        $form = preg_match('/^[A-Za-z0-9_-]{1,50}$/', $id) === 1 ? FormDefinitions::stored($id, $locale) : null;
        if ($form === null) {
            return Util::error('gf_form_not_found', sprintf('Form %s not found.', $id), 404);
        }
        // One entry per Idempotency-Key: the site's retries of one attempt (docs/content-api.md).
        return Idempotency::once('form:' . (string) $form['id'], $request, static fn (): \WP_REST_Response => self::accept($request, $form, $locale));
    }

    /** Checks and stores a submission of a known form. */
    private static function accept(\WP_REST_Request $request, array $form, string $locale): \WP_REST_Response
    {
        $length = (int) ($_SERVER['CONTENT_LENGTH'] ?? 0);
        if ($length > self::MAX_BODY_BYTES) {
            return Util::error('rest_request_too_large', sprintf('The request body is larger than %d MB.', self::MAX_BODY_BYTES / 1024 / 1024), 413);
        }
        if (preg_match('#^multipart/form-data\s*;.*boundary=#i', (string) $request->get_header('content-type')) !== 1) {
            return Util::error('rest_unsupported_media_type', 'Send the submission as multipart/form-data with input_{fieldId} parts.', 415);
        }
        try {
            $values = FormValidation::readValues($form, (array) $request->get_body_params(), (array) $request->get_file_params());
        } catch (BadSubmission $error) {
            return Util::error('gf_invalid_input', $error->getMessage(), 400);
        }
        $hidden = FormValidation::hiddenFields($form, $values);
        $messages = [];
        $firstPage = null;
        $lastPage = 1;
        foreach ((array) $form['fields'] as $field) {
            $lastPage = max($lastPage, (int) ($field['pageNumber'] ?? 1));
        }
        foreach ((array) $form['fields'] as $field) {
            $fieldId = (string) $field['id'];
            if (FormValidation::kind($field) === 'none') {
                continue;
            }
            if (isset($hidden[$fieldId])) {
                // Not seen by the visitor: neither checked nor kept (as Gravity Forms does).
                $values[$fieldId] = null;
                continue;
            }
            $problem = FormValidation::problemOf($form, $field, $values[$fieldId] ?? null, $locale, time());
            if ($problem !== null) {
                $messages[$fieldId] = $problem;
                $firstPage ??= (int) ($field['pageNumber'] ?? 1);
            }
        }
        if ($messages !== []) {
            return new \WP_REST_Response(['is_valid' => false, 'validation_messages' => $messages, 'page_number' => $firstPage, 'source_page_number' => $lastPage], 400);
        }
        $sourceUrl = (string) ($request->get_param('source_url') ?: $request->get_header('referer'));
        $entryId = self::store($form, $locale, mb_substr($sourceUrl, 0, 2000), $values);
        if ($entryId === 0) {
            return Util::error('internal_error', 'The submission could not be stored.', 500);
        }
        $confirmation = trim((string) ($form['confirmation_message'] ?? ''));
        return new \WP_REST_Response([
            'is_valid' => true,
            'page_number' => 0,
            'source_page_number' => $lastPage,
            'confirmation_message' => $confirmation !== '' ? $confirmation : Messages::in($locale, static fn (): string => '<p>' . __('Thank you! We have received your message and will be in touch soon.', 'kestrel-headless') . '</p>'),
            'confirmation_type' => 'message',
        ], 200);
    }

    /** The folder of entries' files, closed to the web (also for servers that read .htaccess). */
    public static function uploadDir(): string
    {
        $dir = trailingslashit(wp_upload_dir(null, false)['basedir']) . self::UPLOAD_FOLDER;
        if (!is_dir($dir)) {
            wp_mkdir_p($dir);
        }
        if (!file_exists("$dir/.htaccess")) {
            file_put_contents("$dir/.htaccess", "Require all denied\nDeny from all\n");
            file_put_contents("$dir/index.php", "<?php\n// Silence.\n");
        }
        return $dir;
    }

    /** Stores a valid entry; returns its id (0 when it could not be stored, nothing kept then). */
    private static function store(array $form, string $locale, string $sourceUrl, array $values): int
    {
        $record = [];
        $hiddenTexts = [];
        $files = [];
        $written = [];
        foreach ((array) $form['fields'] as $field) {
            $fieldId = (string) $field['id'];
            $kind = FormValidation::kind($field);
            $value = $values[$fieldId] ?? null;
            if ($kind === 'none') {
                continue;
            }
            if ($kind === 'password') {
                $record[$fieldId] = null;
                continue;
            }
            if ($kind === 'file' && is_array($value) && isset($value['tmp_name'])) {
                $ext = FormValidation::sniff((string) $value['tmp_name']);
                $stored = bin2hex(random_bytes(16)) . '.' . $ext;
                $target = self::uploadDir() . '/' . $stored;
                if ($ext === null || !@move_uploaded_file((string) $value['tmp_name'], $target)) {
                    array_map('wp_delete_file', $written);
                    return 0;
                }
                @chmod($target, 0640);
                $written[] = $target;
                $meta = ['file_name' => sanitize_file_name(wp_basename((string) $value['name'])) ?: 'upload', 'mime_type' => ['pdf' => 'application/pdf', 'doc' => 'application/msword', 'docx' => 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'][$ext], 'size_bytes' => (int) $value['size']];
                $files[] = $meta + ['field_id' => $fieldId, 'stored_name' => $stored];
                $record[$fieldId] = $meta;
                continue;
            }
            $record[$fieldId] = $value;
            if ($kind === 'hidden' && is_string($value) && $value !== '') {
                $hiddenTexts[] = $value;
            }
        }
        $entryId = wp_insert_post([
            'post_type' => ContentTypes::ENTRY,
            'post_status' => 'private',
            'post_title' => sprintf('%s – %s', (string) ($form['title'] ?? ('Form ' . $form['id'])), wp_date('Y-m-d H:i')),
            'meta_input' => [
                '_kestrel_form_id' => (string) $form['id'],
                '_kestrel_locale' => $locale,
                '_kestrel_values' => wp_slash((string) wp_json_encode($record, JSON_UNESCAPED_UNICODE)),
                '_kestrel_hidden' => wp_slash(implode("\n", $hiddenTexts)),
                '_kestrel_source_url' => wp_slash($sourceUrl),
                '_kestrel_files' => wp_slash((string) wp_json_encode($files)),
            ],
        ], true);
        if (is_wp_error($entryId) || $entryId === 0) {
            array_map('wp_delete_file', $written);
            return 0;
        }
        if (Settings::get('mail_entries', true)) {
            self::mail($form, (int) $entryId, $record, $hiddenTexts);
        }
        return (int) $entryId;
    }

    private static function mail(array $form, int $entryId, array $record, array $hidden): void
    {
        $labels = [];
        foreach ((array) $form['fields'] as $field) {
            $labels[(string) $field['id']] = Util::text((string) ($field['label'] ?? $field['id']));
        }
        $lines = [];
        foreach ($record as $fieldId => $value) {
            if ($value === null || $value === '' || $value === []) {
                continue;
            }
            $text = is_array($value) ? (isset($value['file_name']) ? $value['file_name'] . ' (' . $value['size_bytes'] . ' bytes, in WordPress)' : implode(' ', array_map('strval', $value))) : (is_bool($value) ? ($value ? '✓' : '✗') : (string) $value);
            $lines[] = ($labels[$fieldId] ?? $fieldId) . ': ' . $text;
        }
        $body = implode("\n", $lines) . "\n\n" . admin_url('post.php?post=' . $entryId . '&action=edit') . "\n";
        // A failing mailer must not lose the stored entry or fail the answer.
        try {
            wp_mail((string) get_option('admin_email'), sprintf('[%s] %s', Util::text(get_bloginfo('name')), Util::text((string) ($form['title'] ?? 'Form'))), $body);
        } catch (\Throwable) {
        }
    }
}
