/* The profile provider creates probes only for valid rate names, so tick-0xyz matches
 * nothing. */
profile:::tick-0xyz /* error here */
{
	exit(0);
}
