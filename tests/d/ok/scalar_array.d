/* @root */
/* A global array of scalars: elements start at 0; a[i] is *(a + i) (dt_parser.c dt_cook_op2,
 * DT_TOK_LBRAC, on writable arrays). */
#pragma D option quiet

int arr[4];

BEGIN
{
	arr[0] = 5;
	arr[3] = 7;
	i = 3;
	printf("%d %d %d %d\n", arr[0], arr[1], arr[i], sizeof (arr));
	exit(0);
}
