/* "#pragma line" without a number is malformed, in dtrace's #line words (observed) */
#pragma line
BEGIN
{
}
