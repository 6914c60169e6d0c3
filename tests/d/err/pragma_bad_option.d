/* dt_pragma.c dt_pragma_option: D_PRAGMA_OPTSET with EDT_BADOPTNAME's text. */
#pragma D option nosuchopt=1

BEGIN
{
	exit(0);
}
