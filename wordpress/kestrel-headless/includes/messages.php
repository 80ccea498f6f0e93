<?php
/**
 * The plugin's strings through gettext (text domain `kestrel-headless`, translations in
 * languages/). wp-admin shows them in the editor's language, as WordPress does. The write
 * calls' answers (form and account messages, the chat's reply) are in the request's locale
 * instead, as WordPress and Gravity Forms answer in the site language: Messages::in() runs
 * the code that writes them with that locale's translations (`de` → languages/
 * kestrel-headless-de_DE.mo), the same words as the embedded CMS (cms/messages.ts). A
 * locale without translations answers in English, the strings' own language.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Messages
{
    public const DOMAIN = 'kestrel-headless';

    /** The WordPress locale the answers are written in now (null: WordPress's own choice). */
    private static ?string $answerLocale = null;

    public static function boot(): void
    {
        add_action('init', [self::class, 'loadTextdomain']);
        add_filter('gettext_' . self::DOMAIN, [self::class, 'translate'], 10, 2);
        add_filter('gettext_with_context_' . self::DOMAIN, [self::class, 'translateWithContext'], 10, 3);
        add_filter('ngettext_' . self::DOMAIN, [self::class, 'translatePlural'], 10, 4);
    }

    /** The translations in languages/ (a language pack in wp-content/languages/plugins/ comes first). */
    public static function loadTextdomain(): void
    {
        load_plugin_textdomain(self::DOMAIN, false, dirname(plugin_basename(PLUGIN_FILE)) . '/languages');
    }

    /**
     * The result of $write with the plugin's strings in a site locale (`de`, `en`): what
     * __() and its kin return for this text domain meanwhile. Nothing else changes: not
     * WordPress's locale, nor other text domains.
     *
     * @template T
     * @param callable(): T $write
     * @return T
     */
    public static function in(string $locale, callable $write): mixed
    {
        $previous = self::$answerLocale;
        self::$answerLocale = self::wordpressLocale($locale);
        self::load(self::$answerLocale);
        try {
            return $write();
        } finally {
            self::$answerLocale = $previous;
        }
    }

    /**
     * The WordPress locale of a site locale: `de` → `de_DE`, `pt-br` → `pt_BR`; `en`, the
     * strings' own language, → `en_US`. The `kestrel_headless_translation_locale` filter
     * (`$wordpressLocale, $locale`) maps others.
     */
    public static function wordpressLocale(string $locale): string
    {
        $parts = explode('_', str_replace('-', '_', $locale), 2);
        $language = strtolower($parts[0]);
        $guess = match (true) {
            $language === 'en' && !isset($parts[1]) => 'en_US',
            isset($parts[1]) => $language . '_' . strtoupper($parts[1]),
            default => $language . '_' . strtoupper($language),
        };
        return (string) apply_filters('kestrel_headless_translation_locale', $guess, $locale);
    }

    /** Loads the domain's translations for a locale beside WordPress's current ones (WP_Translation_Controller keeps one set per locale). */
    private static function load(string $wordpressLocale): void
    {
        $controller = \WP_Translation_Controller::get_instance();
        if ($wordpressLocale === 'en_US' || $controller->is_textdomain_loaded(self::DOMAIN, $wordpressLocale)) {
            return;
        }
        $name = self::DOMAIN . '-' . $wordpressLocale;
        foreach ([WP_LANG_DIR . '/plugins', dirname(PLUGIN_FILE) . '/languages'] as $folder) {
            foreach (['.l10n.php', '.mo'] as $extension) {
                if (is_readable("$folder/$name$extension") && $controller->load_file("$folder/$name$extension", self::DOMAIN, $wordpressLocale)) {
                    return;
                }
            }
        }
    }

    /** The `gettext_kestrel-headless` filter: inside Messages::in(), the text in the answer's locale. */
    public static function translate(mixed $translation, mixed $text): mixed
    {
        return self::$answerLocale === null ? $translation : self::lookUp((string) $text, '');
    }

    public static function translateWithContext(mixed $translation, mixed $text, mixed $context): mixed
    {
        return self::$answerLocale === null ? $translation : self::lookUp((string) $text, (string) $context);
    }

    public static function translatePlural(mixed $translation, mixed $single, mixed $plural, mixed $number): mixed
    {
        if (self::$answerLocale === null) {
            return $translation;
        }
        $found = \WP_Translation_Controller::get_instance()->translate_plural([(string) $single, (string) $plural], (int) $number, '', self::DOMAIN, self::$answerLocale);
        return is_string($found) && $found !== '' ? $found : ((int) $number === 1 ? $single : $plural);
    }

    private static function lookUp(string $text, string $context): string
    {
        $found = \WP_Translation_Controller::get_instance()->translate($text, $context, self::DOMAIN, (string) self::$answerLocale);
        return is_string($found) && $found !== '' ? $found : $text;
    }

    /** A yyyy-mm-dd date as the locale writes it ("1 March 2026", "1. März 2026"). */
    public static function date(string $locale, string $isoDate): string
    {
        $time = strtotime($isoDate . ' 00:00:00 UTC');
        if ($time === false) {
            return $isoDate;
        }
        if (class_exists('IntlDateFormatter')) {
            $formatter = new \IntlDateFormatter($locale, \IntlDateFormatter::LONG, \IntlDateFormatter::NONE, 'UTC');
            $formatted = $formatter->format($time);
            if (is_string($formatted)) {
                return $formatted;
            }
        }
        return gmdate('Y-m-d', $time);
    }
}
