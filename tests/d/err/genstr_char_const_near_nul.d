/* @opts: -q */
/* The decoded constant is quoted up to its first NUL: 'a\0b' is near "'a" (dtrace observed). */
BEGIN { trace(1 'a\0b'); exit(0); }
