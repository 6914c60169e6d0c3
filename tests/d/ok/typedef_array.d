/* @opts: -q */
typedef int arr3[3];
arr3 x;
BEGIN { printf("%d\n", sizeof(x)); exit(0); }
