/* @opts: -q */
typedef unsigned char byte_t;
byte_t b;
BEGIN { b = 300; printf("%d %d\n", b, sizeof(byte_t)); exit(0); }
