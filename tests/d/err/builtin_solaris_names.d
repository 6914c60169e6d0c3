/* Solaris's built-in variable zonename is no name in DTrace for Linux: an unknown
 * variable, as any other (the same for execargs and uregs32). */
BEGIN
{
	x = zonename;
}
