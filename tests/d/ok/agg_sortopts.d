/* @root */
/* Sorting options from pragmas: aggsortkey with aggsortkeypos=1 sorts by the second key
 * first; aggsortpos=1 sorts printa's joined rows by the second aggregation's value. */
#pragma D option quiet
#pragma D option aggsortkey
#pragma D option aggsortkeypos=1
#pragma D option aggsortpos=1
BEGIN
{
	@a["x", 3] = count(); @a["y", 1] = count(); @a["z", 2] = count(); @a["w", 1] = count();
	@b["x", 3] = sum(1); @b["y", 1] = sum(5); @b["z", 2] = sum(9); @b["w", 1] = sum(2);
	printa(@a);
	setopt("aggsortkey", "unset");
	printa("%s %d %@d %@d\n", @a, @b);
	exit(0);
}
