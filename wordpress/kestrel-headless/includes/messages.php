<?php
/**
 * The texts of the write calls' answers, in the request's locale (as WordPress and Gravity
 * Forms answer in the site language), the same words as the embedded CMS (cms/messages.ts).
 * English is the fallback.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class Messages
{
    private const CATALOGS = [
        'en' => [
            'required' => 'This field is required.',
            'email' => 'Please enter a valid email address.',
            'phone' => 'Please enter a valid phone number.',
            'option' => 'Please choose one of the options given.',
            'date' => 'Please enter a valid date.',
            'dateMin' => 'Please choose a date on or after {date}.',
            'dateMax' => 'Please choose a date on or before {date}.',
            'fileType' => 'Please upload a PDF or Word document (.pdf, .doc, .docx).',
            'fileSize' => 'The file is larger than {kb} KB.',
            'tooLong' => 'Please enter at most {max} characters.',
            'confirmation' => '<p>Thank you! We have received your message and will be in touch soon.</p>',
            'nameRequired' => 'Please enter your name.',
            'passwordShort' => 'The password must be at least {min} characters long.',
            'passwordLong' => 'The password must be at most {max} characters long.',
            'emailTaken' => 'An account with this email address already exists. Log in, or reset your password.',
            'registered' => 'Thank you for registering. You can now log in; if this email address already had an account, we have emailed its owner instead.',
            'registerExistingMail' => "Someone tried to register a new account with this email address, which already has one. If it was you, log in, or reset your password if you forgot it. If it was not, ignore this email: your account is unchanged.\n",
            'loginFailed' => 'The email address or password is incorrect.',
            'loggedIn' => 'You are now logged in.',
            'signedIn' => 'You are logged in.',
            'notLoggedIn' => 'You are not logged in.',
            'loggedOut' => 'You have been logged out.',
            'forgotSent' => 'If an account exists for this email address, we have sent it a link to reset the password.',
            'siteUrl' => 'nuxtURL must be the address of this site.',
            'passwordsMismatch' => 'Passwords must match',
            'resetInvalid' => 'This password reset link is invalid or has expired. Please request a new one.',
            'resetDone' => 'Your password has been changed. You can now log in with the new password.',
            'tooMany' => 'Too many attempts. Please wait a few minutes and try again.',
            'chatReply' => 'Thank you! Your message is with our help desk as ticket #{ticket}. An engineer will answer here shortly (8am to 6pm, Monday to Friday). If you leave, use the support form so we can reply by email.',
            'chatTicketFull' => 'This conversation is full. Please use the support form, and we will reply by email.',
            'resetMail' => 'Hello {name},\n\nsomeone (hopefully you) asked to reset the password of your account. Open this link within one hour to choose a new password:\n\n{link}\n\nIf you did not ask for this, ignore this email: your password stays as it is.\n',
        ],
        'de' => [
            'required' => 'Dieses Feld ist ein Pflichtfeld.',
            'email' => 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
            'phone' => 'Bitte geben Sie eine gültige Telefonnummer ein.',
            'option' => 'Bitte wählen Sie eine der angebotenen Optionen.',
            'date' => 'Bitte geben Sie ein gültiges Datum ein.',
            'dateMin' => 'Bitte wählen Sie ein Datum ab dem {date}.',
            'dateMax' => 'Bitte wählen Sie ein Datum bis zum {date}.',
            'fileType' => 'Bitte laden Sie ein PDF- oder Word-Dokument hoch (.pdf, .doc, .docx).',
            'fileSize' => 'Die Datei ist größer als {kb} KB.',
            'tooLong' => 'Bitte geben Sie höchstens {max} Zeichen ein.',
            'confirmation' => '<p>Vielen Dank! Wir haben Ihre Nachricht erhalten und melden uns in Kürze.</p>',
            'nameRequired' => 'Bitte geben Sie Ihren Namen ein.',
            'passwordShort' => 'Das Passwort muss mindestens {min} Zeichen lang sein.',
            'passwordLong' => 'Das Passwort darf höchstens {max} Zeichen lang sein.',
            'emailTaken' => 'Es gibt bereits ein Konto mit dieser E-Mail-Adresse. Melden Sie sich an oder setzen Sie Ihr Passwort zurück.',
            'registered' => 'Vielen Dank für Ihre Registrierung. Sie können sich jetzt anmelden; hatte diese E-Mail-Adresse schon ein Konto, haben wir stattdessen dessen Inhaber benachrichtigt.',
            'registerExistingMail' => "Jemand hat versucht, mit dieser E-Mail-Adresse ein neues Konto anzulegen, obwohl es bereits eines gibt. Wenn Sie das waren, melden Sie sich an oder setzen Sie Ihr Passwort zurück. Wenn nicht, ignorieren Sie diese E-Mail: Ihr Konto bleibt unverändert.\n",
            'loginFailed' => 'E-Mail-Adresse oder Passwort ist falsch.',
            'loggedIn' => 'Sie sind jetzt angemeldet.',
            'signedIn' => 'Sie sind angemeldet.',
            'notLoggedIn' => 'Sie sind nicht angemeldet.',
            'loggedOut' => 'Sie wurden abgemeldet.',
            'forgotSent' => 'Falls ein Konto mit dieser E-Mail-Adresse existiert, haben wir einen Link zum Zurücksetzen des Passworts gesendet.',
            'siteUrl' => 'nuxtURL muss die Adresse dieser Website sein.',
            'passwordsMismatch' => 'Die Passwörter müssen übereinstimmen',
            'resetInvalid' => 'Dieser Link zum Zurücksetzen des Passworts ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
            'resetDone' => 'Ihr Passwort wurde geändert. Sie können sich jetzt mit dem neuen Passwort anmelden.',
            'tooMany' => 'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es erneut.',
            'chatReply' => 'Vielen Dank! Ihre Nachricht liegt unserem Helpdesk als Ticket #{ticket} vor. Ein Techniker antwortet Ihnen hier in Kürze (montags bis freitags von 8 bis 18 Uhr). Wenn Sie die Seite verlassen, nutzen Sie bitte das Support-Formular, damit wir per E-Mail antworten können.',
            'chatTicketFull' => 'Dieses Gespräch ist voll. Bitte nutzen Sie das Support-Formular, wir antworten Ihnen per E-Mail.',
            'resetMail' => 'Hallo {name},\n\njemand (hoffentlich Sie) hat das Zurücksetzen des Passworts Ihres Kontos angefordert. Öffnen Sie diesen Link innerhalb einer Stunde, um ein neues Passwort zu wählen:\n\n{link}\n\nWenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.\n',
        ],
    ];

    /** The message in the locale (else English), with `{name}` placeholders filled in. */
    public static function get(string $locale, string $key, array $params = []): string
    {
        // The catalogs are single-quoted: `\n` in them is a line break.
        $template = str_replace('\\n', "\n", self::CATALOGS[$locale][$key] ?? self::CATALOGS['en'][$key] ?? $key);
        return (string) preg_replace_callback('/\{(\w+)\}/', static fn (array $m) => array_key_exists($m[1], $params) ? (string) $params[$m[1]] : $m[0], $template);
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
