/* @opts: -q */
int m[3][4];
BEGIN { m[1][2] = 7; printf("%d %d %d\n", m[1][2], sizeof(m[1]), (long)&m[2][0] - (long)&m[0][0]); exit(0); }
