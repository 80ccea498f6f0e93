<?php
/**
 * Checks a submission against its form definition as the embedded CMS does
 * (cms/forms.ts) and as Gravity Forms answers: values read from `input_{id}` and
 * `input_{id}_{n}` parts, fields hidden by conditional logic skipped, then required,
 * email, phone, options, dates, files by their bytes, lengths.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class FormValidation
{
    public const MAX_UPLOAD_BYTES = 5000 * 1024;
    private const MAX_LENGTH = ['textarea' => 10000, 'hidden' => 4000, 'email' => 254, 'phone' => 40];
    private const DEFAULT_MAX_LENGTH = 1000;
    private const MAX_PARTS = 500;

    /** Requirements §3 field types, and Gravity Forms' own names, as one kind. */
    public static function kind(array $field): string
    {
        $fieldType = (string) ($field['fieldType'] ?? '');
        $map = ['date' => 'date', 'select' => 'select', 'booleancheckbox' => 'checkbox', 'file' => 'file'];
        if (isset($map[$fieldType])) {
            return $map[$fieldType];
        }
        $type = (string) ($field['type'] ?? 'text');
        return match ($type) {
            'email', 'name', 'phone', 'textarea', 'password', 'hidden', 'date', 'select' => $type,
            'radio' => 'select',
            'checkbox', 'consent' => 'checkbox',
            'fileupload' => 'file',
            'page', 'section', 'html' => 'none',
            default => strtolower(trim((string) ($field['label'] ?? ''))) === 'email' ? 'email' : 'text',
        };
    }

    /**
     * The form's values by field id from the request's parts.
     * @param array<string, mixed> $params body parameters (PHP's $_POST)
     * @param array<string, array<string, mixed>> $files PHP's $_FILES
     * @return array<string, mixed>
     */
    public static function readValues(array $form, array $params, array $files): array
    {
        $fields = [];
        foreach ((array) $form['fields'] as $field) {
            $fields[(string) $field['id']] = $field;
        }
        $parts = [];
        $count = 0;
        foreach (array_merge(array_keys($params), array_keys($files)) as $key) {
            if (++$count > self::MAX_PARTS) {
                throw new BadSubmission(sprintf('A submission has at most %d parts.', self::MAX_PARTS));
            }
            $key = (string) $key;
            if (!str_starts_with($key, 'input_')) {
                continue;
            }
            $field = null;
            if (preg_match('/^input_(\d{1,20})(?:_(\d{1,3}))?$/', $key, $match)) {
                $field = $fields[$match[1]] ?? null;
            }
            $kind = $field ? self::kind($field) : 'none';
            if (!$field || $kind === 'none') {
                throw new BadSubmission(sprintf('%s names no input of form %s.', $key, (string) ($form['id'] ?? '')));
            }
            $sub = $match[2] ?? null;
            if ($sub !== null && $kind !== 'name' && $kind !== 'checkbox') {
                throw new BadSubmission(sprintf('%s: field %s has no sub-inputs.', $key, (string) $field['id']));
            }
            $value = array_key_exists($key, $files) ? ['file' => $files[$key]] : $params[$key];
            if (is_array($value) && !isset($value['file'])) {
                throw new BadSubmission(sprintf('%s was sent more than once.', $key));
            }
            $parts[(string) $field['id']][] = ['sub' => $sub, 'value' => $value];
        }

        $values = [];
        foreach ((array) $form['fields'] as $field) {
            $id = (string) $field['id'];
            $kind = self::kind($field);
            if ($kind === 'none') {
                continue;
            }
            $sent = $parts[$id] ?? [];
            $texts = [];
            foreach ($sent as $part) {
                if (is_array($part['value'])) {
                    if ($kind !== 'file') {
                        throw new BadSubmission(sprintf('input_%s must be text, not a file.', $id));
                    }
                    continue;
                }
                $texts[] = ['sub' => $part['sub'], 'text' => (string) $part['value']];
            }
            $hasSub = array_filter($texts, static fn ($text) => $text['sub'] !== null) !== [];
            if ($kind === 'name' && $hasSub) {
                $name = [];
                foreach ($texts as $text) {
                    $name[$text['sub'] === null ? $id : $id . '.' . $text['sub']] = trim($text['text']);
                }
                $values[$id] = $name;
            } elseif ($kind === 'checkbox') {
                $ticked = array_values(array_unique(array_filter(array_map(static fn ($text) => trim($text['text']), $texts), static fn ($text) => $text !== '')));
                $values[$id] = count((array) ($field['options'] ?? [])) > 1
                    ? $ticked
                    : array_filter($ticked, static fn ($text) => preg_match('/^(0|false|off|no)$/i', $text) !== 1) !== [];
            } elseif ($kind === 'file') {
                $file = null;
                foreach ($sent as $part) {
                    if (is_array($part['value'])) {
                        $file = $part['value']['file'];
                    } elseif ((string) $part['value'] !== '') {
                        throw new BadSubmission(sprintf('input_%s must be a file.', $id));
                    }
                }
                $values[$id] = is_array($file) && (int) ($file['error'] ?? UPLOAD_ERR_NO_FILE) !== UPLOAD_ERR_NO_FILE ? $file : null;
            } else {
                $text = $texts[0]['text'] ?? '';
                $values[$id] = $kind === 'textarea' ? trim(str_replace(["\r\n", "\r"], "\n", $text)) : trim($text);
            }
        }
        return $values;
    }

    /** Which fields conditional logic hides, decided as the browser decides (app/contract/forms/conditional-logic.ts). */
    public static function hiddenFields(array $form, array $values): array
    {
        $hidden = [];
        $fields = (array) $form['fields'];
        for ($round = 0; $round <= count($fields); $round++) {
            $valueOf = static function (string $fieldId) use (&$hidden, $values): mixed {
                return isset($hidden[$fieldId]) ? null : self::logicValue($values[$fieldId] ?? null);
            };
            $next = [];
            $hiddenPages = [];
            foreach ($fields as $field) {
                if (!self::isShown($field['conditionalLogic'] ?? null, $valueOf)) {
                    $next[(string) $field['id']] = true;
                    if (($field['type'] ?? '') === 'page' && isset($field['pageNumber'])) {
                        $hiddenPages[(int) $field['pageNumber']] = true;
                    }
                }
            }
            foreach ($fields as $field) {
                if (isset($hiddenPages[(int) ($field['pageNumber'] ?? 1)])) {
                    $next[(string) $field['id']] = true;
                }
            }
            ksort($next);
            $sorted = $hidden;
            ksort($sorted);
            if ($next === $sorted) {
                break;
            }
            $hidden = $next;
        }
        return $hidden;
    }

    private static function logicValue(mixed $value): mixed
    {
        if (is_array($value) && isset($value['name'], $value['tmp_name'])) {
            return (string) $value['name'];
        }
        if (is_array($value) && !array_is_list($value)) {
            return implode(' ', array_filter(array_values($value), static fn ($part) => $part !== ''));
        }
        return $value;
    }

    private static function isShown(mixed $logic, callable $valueOf): bool
    {
        if (!is_array($logic) || !is_array($logic['rules'] ?? null) || $logic['rules'] === []) {
            return true;
        }
        $results = [];
        foreach ($logic['rules'] as $rule) {
            $value = $valueOf((string) ($rule['fieldId'] ?? ''));
            $actual = match (true) {
                $value === null => [''],
                is_bool($value) => [$value ? '1' : ''],
                is_array($value) => $value === [] ? [''] : array_map('strval', $value),
                default => [(string) $value],
            };
            $operator = (string) ($rule['operator'] ?? 'is');
            $expected = is_bool($rule['value'] ?? '') ? (($rule['value'] ?? false) ? 'true' : 'false') : (string) ($rule['value'] ?? '');
            $matches = array_map(static fn ($item) => self::ruleMatches($item, $operator, $expected), $actual);
            $results[] = $operator === 'isnot' ? !in_array(false, $matches, true) : in_array(true, $matches, true);
        }
        $matched = ($logic['logicType'] ?? 'all') === 'any' ? in_array(true, $results, true) : !in_array(false, $results, true);
        return ($logic['actionType'] ?? 'show') === 'hide' ? !$matched : $matched;
    }

    private static function ruleMatches(string $actual, string $operator, string $expected): bool
    {
        $a = mb_strtolower($actual);
        $b = mb_strtolower($expected);
        return match ($operator) {
            'is' => $a === $b,
            'isnot' => $a !== $b,
            '>', '<' => is_numeric($actual) && is_numeric($expected) && ($operator === '>' ? (float) $actual > (float) $expected : (float) $actual < (float) $expected),
            'contains' => str_contains($a, $b),
            'starts_with' => str_starts_with($a, $b),
            'ends_with' => str_ends_with($a, $b),
            default => false,
        };
    }

    private static function isEmpty(mixed $value): bool
    {
        if ($value === null || $value === false || $value === '' || $value === []) {
            return true;
        }
        if (is_array($value) && !array_is_list($value) && !isset($value['tmp_name'])) {
            return array_filter($value, static fn ($part) => $part !== '') === [];
        }
        return false;
    }

    private static function isRealDate(string $text): bool
    {
        return preg_match('/^(\d{4})-(\d{2})-(\d{2})$/', $text, $m) === 1 && checkdate((int) $m[2], (int) $m[3], (int) $m[1]);
    }

    /** What is wrong with a shown field's value, as the message in the locale, or null. */
    public static function problemOf(array $form, array $field, mixed $value, string $locale, int $now): ?string
    {
        return Messages::in($locale, static fn (): ?string => self::problem($form, $field, $value, $locale, $now));
    }

    private static function problem(array $form, array $field, mixed $value, string $locale, int $now): ?string
    {
        $kind = self::kind($field);
        $required = !empty($field['isRequired']);
        if (self::isEmpty($value)) {
            return $required ? __('This field is required.', 'kestrel-headless') : null;
        }
        $isNameParts = is_array($value) && !array_is_list($value) && !isset($value['tmp_name']);
        if ($isNameParts && $required) {
            foreach ($value as $key => $part) {
                $sub = explode('.', (string) $key)[1] ?? '';
                if ($part === '' && !in_array($sub, ['2', '4', '8'], true)) {
                    return __('This field is required.', 'kestrel-headless');
                }
            }
        }
        $max = isset($field['maxLength']) && (int) $field['maxLength'] > 0 ? (int) $field['maxLength'] : (self::MAX_LENGTH[$kind] ?? self::DEFAULT_MAX_LENGTH);
        $texts = is_string($value) ? [$value] : (is_array($value) && !isset($value['tmp_name']) ? array_map('strval', array_values($value)) : []);
        foreach ($texts as $text) {
            if (mb_strlen($text) > $max) {
                return sprintf(
                    /* translators: %d: the most characters */
                    __('Please enter at most %d characters.', 'kestrel-headless'),
                    $max
                );
            }
        }
        $options = array_map(static fn ($option) => (string) ($option['value'] ?? ''), (array) ($field['options'] ?? []));
        if (is_string($value)) {
            if ($kind === 'email' && (!is_email($value) || preg_match('/^[^\s@]+@[^\s@]+\.[^\s@]+$/', $value) !== 1)) {
                return __('Please enter a valid email address.', 'kestrel-headless');
            }
            if ($kind === 'phone' && (preg_match('#^\+?[0-9 ()./-]{5,40}$#', $value) !== 1 || strlen((string) preg_replace('/\D/', '', $value)) < 5)) {
                return __('Please enter a valid phone number.', 'kestrel-headless');
            }
            if ($kind === 'select' && $options !== [] && !in_array($value, $options, true)) {
                return __('Please choose one of the options given.', 'kestrel-headless');
            }
            if ($kind === 'date') {
                if (!self::isRealDate($value)) {
                    return __('Please enter a valid date.', 'kestrel-headless');
                }
                $given = (string) ($form['minimum_date'] ?? '');
                // Requirements §5: the form's minimum date, else today (a day earlier, for visitors west of UTC).
                $min = self::isRealDate($given) ? $given : gmdate('Y-m-d', $now - DAY_IN_SECONDS);
                $shownMin = self::isRealDate($given) ? $given : gmdate('Y-m-d', $now);
                $latest = (string) ($form['maximum_date'] ?? '');
                if ($value < $min) {
                    return sprintf(
                        /* translators: %s: a date as the locale writes it ("1 March 2026") */
                        __('Please choose a date on or after %s.', 'kestrel-headless'),
                        Messages::date($locale, $shownMin)
                    );
                }
                if (self::isRealDate($latest) && $value > $latest) {
                    return sprintf(
                        /* translators: %s: a date as the locale writes it ("31 December 2026") */
                        __('Please choose a date on or before %s.', 'kestrel-headless'),
                        Messages::date($locale, $latest)
                    );
                }
            }
        }
        if (is_array($value) && array_is_list($value)) {
            foreach ($value as $choice) {
                if (!in_array((string) $choice, $options, true)) {
                    return __('Please choose one of the options given.', 'kestrel-headless');
                }
            }
        }
        if (is_array($value) && isset($value['tmp_name'])) {
            $error = (int) ($value['error'] ?? UPLOAD_ERR_OK);
            $size = (int) ($value['size'] ?? 0);
            if ($error === UPLOAD_ERR_INI_SIZE || $error === UPLOAD_ERR_FORM_SIZE || $size > self::MAX_UPLOAD_BYTES) {
                return sprintf(
                    /* translators: %d: the largest file size in kilobytes */
                    __('The file is larger than %d KB.', 'kestrel-headless'),
                    (int) round(self::MAX_UPLOAD_BYTES / 1024)
                );
            }
            if ($error !== UPLOAD_ERR_OK || $size === 0 || self::sniff((string) $value['tmp_name']) === null) {
                return __('Please upload a PDF or Word document (.pdf, .doc, .docx).', 'kestrel-headless');
            }
        }
        return null;
    }

    /** The accepted kind of a file by its first bytes (app/contract/forms/file-type.ts): pdf, doc, docx, or null. */
    public static function sniff(string $path): ?string
    {
        if ($path === '' || !is_readable($path)) {
            return null;
        }
        $head = (string) file_get_contents($path, false, null, 0, 512 * 1024);
        if (str_starts_with($head, '%PDF-')) {
            return 'pdf';
        }
        if (str_starts_with($head, "\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1")) {
            return 'doc';
        }
        if (str_starts_with($head, "PK\x03\x04")) {
            return str_contains($head, 'word/') ? 'docx' : null;
        }
        return null;
    }
}
