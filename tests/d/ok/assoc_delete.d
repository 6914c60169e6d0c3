/* @root */
/* Assigning 0 to an element deletes it; it reads as 0 again and can be re-created. */
#pragma D option quiet

BEGIN
{
	a["k"] = 5;
	a["k"] = 0;
	printf("%d\n", a["k"]);
	a["k"] = 6;
	a["k"] += 1;
	printf("%d\n", a["k"]);
	exit(0);
}
