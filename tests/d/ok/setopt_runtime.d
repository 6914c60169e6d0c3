/* @root */
/*
 * setopt() takes any string expression, as dtrace's does: a name held in a variable, a name
 * and a value built by strjoin(); each is checked when the action runs (an unknown name is
 * a run-time error naming it, and tracing goes on). Expected output from DTrace for Linux.
 */
#pragma D option quiet

BEGIN
{
	name = "aggsortrev";
	setopt(name);
	setopt(strjoin("bogus", "opt"), strjoin("4", "2"));
	setopt(strjoin("aggsort", "key"), strjoin("", "1"));
	@[1] = count();
	@[2] = count();
	@[2] = count();
	@[3] = count();
	exit(0);
}
