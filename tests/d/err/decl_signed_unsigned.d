/* @opts: -x errtags */
/* signed and unsigned together: libdtrace names the type once it has read every specifier,
 * so the message spells the int after them. */
signed unsigned int x;
BEGIN { exit(0); }
