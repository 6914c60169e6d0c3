/* @root */
#pragma D option quiet
BEGIN { printf("%d %d %d %d %d\n", '\377', '\0', 'a', '\n', '\x41');
printf("%d %d %d\n", sizeof('a'), sizeof('\377'), '\377' < 0);
printf("%d %d\n", 'ab', 'abcd');
printf("%d %d %d\n", '\177', '\200', '\\');
exit(0); }
