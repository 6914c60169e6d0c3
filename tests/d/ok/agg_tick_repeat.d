/* @root */
/* Printing from a tick probe while tracing continues: every 5th firing prints the counts of
 * the last 5 firings and truncates, 3 times. Firing i adds i to @sum[i % 2] and counts it in
 * @n[i % 2]; round r (1..3) covers i = 5r-4 .. 5r. The updates and the printa() happen in
 * the same firing and the next firing is 200 ms later, so each snapshot sees exactly one
 * round (the consumer takes its snapshot when it reads the printa record: 200 ms is its margin
 * on a loaded machine). */
#pragma D option quiet
int i;
tick-200ms
/i < 15/
{
	i++;
	@n[i % 2] = count();
	@sum[i % 2] = sum(i);
}
tick-200ms
/i % 5 == 0 && i > 0/
{
	printf("round %d", i / 5);
	printa(@n, @sum);
	trunc(@n);
	trunc(@sum);
}
tick-200ms
/i == 15/
{
	exit(0);
}
