/* @root */
#pragma D option quiet
BEGIN { printf("[%s]\n", "a\tb\\c\"d\x41\101\0e"); printf("%d %d\n", strlen("a\0b"), sizeof("a\0b")); printf("[%s]\n", "\a\b\f\v\r"); }
#pragma D option quiet
BEGIN { printf("%d %d %d %d %d\n", sizeof("a\0b"), sizeof(""), sizeof("abc"), sizeof("\0"), sizeof("ab\0\0cd")); exit(0); }
