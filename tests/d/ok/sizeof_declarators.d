/* @root */
/* sizeof of every kind of declarator (Guide, "Pointers and Arrays", "Multi-Dimensional Arrays"): arrays of arrays, arrays of pointers, pointers to pointers, function pointers and arrays of them. */
#pragma D option quiet
int a2[3][5];
int *ap[4];
char ***ppp;
int (*fp)(int, char);
int (*fpa[3])(int);
int (*(*fpf)(int))(char);
BEGIN
{
	printf("%d %d %d\n", sizeof (a2), sizeof (a2[0]), sizeof (a2[0][0]));
	printf("%d %d\n", sizeof (ap), sizeof (ap[0]));
	printf("%d %d %d\n", sizeof (ppp), sizeof (*ppp), sizeof (***ppp));
	printf("%d %d %d\n", sizeof (fp), sizeof (fpa), sizeof (fpf));
	printf("%d %d %d\n", sizeof (int[3][4]), sizeof (char *[5]), sizeof (int (*)(int)));
	exit(0);
}
