/* @opts: -q */
/* a variable made by an assignment exists only once clauses are checked: too late */
#pragma D binding "1.0" x
BEGIN { x = 1; exit(0); }
