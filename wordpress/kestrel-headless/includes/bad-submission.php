<?php
/**
 * A submission the plugin refuses as it reads it (a part too large, a file it cannot
 * store): FormValidation and Forms throw it, the submissions route answers its message.
 */
declare(strict_types=1);

namespace Kestrel\Headless;

final class BadSubmission extends \RuntimeException
{
}
