/* @root */
#pragma D option quiet
int arr[5];
char buf[4];
BEGIN { arr[0] = 7; arr[4] = 9; buf[0] = 'h'; buf[1] = 'i'; printf("%d %d %d %s %d\n", arr[0], arr[4], arr[2], buf, sizeof(arr)); exit(0); }
