<?php
/**
 * Forms (docs/content-api.md, Form definitions and submissions).
 *
 * Definitions come from Gravity Forms when it is active (GFAPI), else from the JSON
 * definitions in the plugin's settings (per locale; a locale without a form uses the
 * default locale's). Submissions: with Gravity Forms, its own REST v2 route answers
 * `POST /api/gf/v2/forms/{id}/submissions`; without it, the plugin registers that route,
 * validates like Gravity Forms, stores the entry (a private "Form entries" post, files in
 * uploads/kestrel-entries/ under random names, closed to the web) and mails the admin.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class FormDefinitions
{
    public static function gravityForms(): bool
    {
        return class_exists('GFAPI') && is_callable(['GFAPI', 'get_form']);
    }

    /** A stored definition of this locale (with its confirmation), or null. */
    public static function stored(string $id, string $locale): ?array
    {
        if (self::gravityForms() && preg_match('/^\d+$/', $id) === 1) {
            $form = \GFAPI::get_form((int) $id);
            return is_array($form) && !empty($form['is_active']) && empty($form['is_trash']) ? self::fromGravityForms($form) : null;
        }
        $forms = Settings::forms();
        $form = $forms[$locale][$id] ?? $forms[Languages::defaultLocale()][$id] ?? null;
        return is_array($form) ? ['id' => preg_match('/^\d+$/', $id) === 1 ? (int) $id : $id] + $form : null;
    }

    /** The definition as a page carries it: without the confirmation (kept on the server, as Gravity Forms does). */
    public static function public(array $form): array
    {
        unset($form['confirmation_message'], $form['confirmation_type']);
        if (isset($form['id']) && !is_int($form['id']) && preg_match('/^\d+$/', (string) $form['id']) !== 1) {
            // A slug id (`login`) is carried by the shortcode_data key alone.
            unset($form['id']);
        }
        return $form;
    }

    /** Definitions of the forms a page's sections show, keyed by id. */
    public static function forSections(array $sections, string $locale): array
    {
        $out = [];
        foreach ($sections as $section) {
            $id = $section['form_id'] ?? null;
            if ((is_string($id) || is_int($id)) && (string) $id !== '') {
                $form = self::stored((string) $id, $locale);
                if ($form !== null) {
                    $out[(string) $id] = self::public($form);
                }
            }
        }
        return $out;
    }

    /** Forms to choose from in the editor: id => title. */
    public static function choices(): array
    {
        if (self::gravityForms()) {
            $out = [];
            foreach ((array) \GFAPI::get_forms() as $form) {
                $out[(string) $form['id']] = (string) $form['title'];
            }
            return $out;
        }
        $out = [];
        foreach (Settings::forms()[Languages::defaultLocale()] ?? [] as $id => $form) {
            $out[(string) $id] = is_array($form) ? (string) ($form['title'] ?? $id) : (string) $id;
        }
        return $out;
    }

    /** What is wrong with a definition given in the settings, or null. */
    public static function problemOf(string $id, mixed $form): ?string
    {
        if (preg_match('/^[A-Za-z0-9_-]{1,50}$/', $id) !== 1) {
            return 'a form id is a number or a slug';
        }
        if (!is_array($form) || !is_array($form['fields'] ?? null)) {
            return 'a definition is an object with "fields"';
        }
        $seen = [];
        foreach ($form['fields'] as $field) {
            if (!is_array($field) || !isset($field['id'], $field['type']) || preg_match('/^\d{1,20}$/', (string) $field['id']) !== 1) {
                return 'every field needs a numeric "id" and a "type"';
            }
            if (isset($seen[(string) $field['id']])) {
                return sprintf('field id %s is used twice', (string) $field['id']);
            }
            $seen[(string) $field['id']] = true;
        }
        return null;
    }

    /** A Gravity Forms form in the contract's shape. */
    public static function fromGravityForms(array $form): array
    {
        $fields = [];
        $pages = [];
        foreach ((array) ($form['fields'] ?? []) as $field) {
            $field = is_object($field) ? (array) json_decode((string) wp_json_encode($field), true) : (array) $field;
            $type = (string) ($field['type'] ?? 'text');
            $out = [
                'id' => (int) $field['id'],
                'label' => Util::text((string) ($field['label'] ?? '')),
                'type' => $type,
                'isRequired' => !empty($field['isRequired']),
                'cssClass' => (string) ($field['cssClass'] ?? ''),
                'pageNumber' => max(1, (int) ($field['pageNumber'] ?? 1)),
            ];
            $fieldType = match ($type) {
                'select', 'radio', 'multiselect' => 'select',
                'checkbox', 'consent' => 'booleancheckbox',
                'fileupload' => 'file',
                'date' => 'date',
                default => null,
            };
            if ($fieldType !== null) {
                $out['fieldType'] = $fieldType;
                $out['type'] = match ($type) {
                    'select', 'radio', 'multiselect' => 'text',
                    default => $type,
                };
            }
            foreach (['placeholder', 'description', 'errorMessage', 'defaultValue'] as $key) {
                if (is_string($field[$key] ?? null) && $field[$key] !== '') {
                    $out[$key] = $key === 'description' ? (string) $field[$key] : Util::text((string) $field[$key]);
                }
            }
            if (($field['visibility'] ?? 'visible') !== 'visible') {
                $out['visibility'] = (string) $field['visibility'];
            }
            if (isset($field['maxLength']) && (int) $field['maxLength'] > 0) {
                $out['maxLength'] = (int) $field['maxLength'];
            }
            if (is_array($field['choices'] ?? null)) {
                $out['options'] = array_map(static fn ($choice) => ['label' => Util::text((string) ($choice['text'] ?? '')), 'value' => (string) ($choice['value'] ?? '')], $field['choices']);
            } elseif ($type === 'consent') {
                $out['options'] = [['label' => Util::text((string) ($field['checkboxLabel'] ?? $field['label'] ?? '')), 'value' => '1']];
            }
            if (is_array($field['conditionalLogic'] ?? null)) {
                $out['conditionalLogic'] = $field['conditionalLogic'];
            }
            if ($type === 'page') {
                $pages[] = Util::text((string) ($field['label'] ?? ''));
            }
            $fields[] = $out;
        }
        $pagination = null;
        if ($pages !== []) {
            $names = is_array($form['pagination']['pages'] ?? null) ? array_map(static fn ($name) => Util::text((string) $name), $form['pagination']['pages']) : [];
            $pagination = ['type' => 'steps', 'pages' => $names !== [] ? $names : array_map(static fn ($n) => (string) $n, range(1, count($pages) + 1))];
        }
        $confirmation = '';
        foreach ((array) ($form['confirmations'] ?? []) as $item) {
            if (!empty($item['isDefault']) && ($item['type'] ?? 'message') === 'message') {
                $confirmation = (string) ($item['message'] ?? '');
            }
        }
        return [
            'id' => (int) $form['id'],
            'title' => Util::text((string) ($form['title'] ?? '')),
            'cssClass' => (string) ($form['cssClass'] ?? ''),
            'api_url' => '',
            'button' => ['text' => Util::text((string) ($form['button']['text'] ?? __('Submit', 'kestrel-headless')))],
            'pagination' => $pagination,
            'fields' => $fields,
            'confirmation_message' => $confirmation,
            'confirmation_type' => 'message',
        ];
    }
}

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
            'confirmation_message' => $confirmation !== '' ? $confirmation : Messages::get($locale, 'confirmation'),
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
