#pragma D option quiet

app$target:::request-start
{
	self->ts = timestamp;
	self->path = args[1];
}

app$target:::request-done
/self->ts/
{
	@ms[self->path, args[1]] = avg((timestamp - self->ts) / 1000000);
	@n[self->path, args[1]] = count();
	self->ts = 0;
}

tick-1s
/++ticks == 1/
{
	printf("%-10s %6s %6s %6s\n", "PATH", "STATUS", "COUNT", "AVG ms");
	printa("%-10s %6d %@6d %@6d\n", @n, @ms);
	exit(0);
}
