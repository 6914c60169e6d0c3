/* @root */
/* setopt() at run time changes how later printa()s sort: by value, then by key
 * (aggsortkey), then reversed (aggsortrev), then back ("unset"). */
#pragma D option quiet
BEGIN
{
	@["c"] = sum(1); @["a"] = sum(3); @["b"] = sum(2);
	printa(@);
	setopt("aggsortkey");
	printa(@);
	setopt("aggsortrev", "set");
	printa(@);
	setopt("aggsortkey", "unset");
	printa(@);
	exit(0);
}
