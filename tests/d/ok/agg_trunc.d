/* @root */
/* trunc(@, n) keeps the n largest values (n < 0: the smallest), trunc(@) empties it;
 * normalize(@, n) divides what is printed by n until denormalize(); clear(@) zeroes the
 * values and keeps the keys. Each printa() reads the aggregation as it is when the tracer
 * consumes its record (like dtrace, after the whole BEGIN firing: no updates follow the
 * printa()s in BEGIN here). */
#pragma D option quiet
BEGIN
{
	@a["one"] = sum(1); @a["two"] = sum(2); @a["three"] = sum(3); @a["four"] = sum(4);
	@b["one"] = sum(1); @b["two"] = sum(2); @b["three"] = sum(3); @b["four"] = sum(4);
	@c["x"] = sum(10); @c["y"] = sum(25);
	@d["x"] = count();
	trunc(@a, 2);
	printa(@a);
	trunc(@b, -1);
	printa(@b);
	normalize(@c, 5);
	printa(@c);
	denormalize(@c);
	printa(@c);
	clear(@c);
	printa(@c);
	trunc(@d);
	printa(@d);
	exit(0);
}
/* END fires after BEGIN's records are consumed: the cleared @c adds 7 to its zero, and the
 * emptied @d gets a new key. */
END
{
	@c["x"] = sum(7);
	@d["z"] = count();
	printa(@c);
	printa(@d);
}
