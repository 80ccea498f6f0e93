<?php
/**
 * Form definitions (docs/content-api.md, Form definitions): from Gravity Forms when it is
 * active (GFAPI), else from the JSON definitions in the plugin's settings (per locale; a
 * locale without a form uses the default locale's), in the shape the site reads.
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
            // Gravity Forms' default button text in every locale: gettext here would follow the
            // WordPress user's language, not the request's.
            'button' => ['text' => Util::text((string) ($form['button']['text'] ?? 'Submit'))],
            'pagination' => $pagination,
            'fields' => $fields,
            'confirmation_message' => $confirmation,
            'confirmation_type' => 'message',
        ];
    }
}
