/* An undefined name later in the clause is reported before chill()'s refusal: dtrace resolves
 * the names of a whole program before it generates code, and refuses the kernel's chill() only
 * generating code (observed: dtrace -w -x errtags -s this file). */
/* @opts: -w -x errtags */
BEGIN { chill(1); x = y + 1; }
