/* @opts: -q */
struct s { short a; char b; };
struct s arr[3];
BEGIN { printf("%d %d\n", sizeof(arr), sizeof(struct s)); exit(0); }
