/* chill() before speculate(): dtrace applies the speculation rules to each action and then
 * generates its code, so chill()'s own refusal comes before the rule speculate() then breaks
 * (observed: dtrace -w -x errtags -s this file). */
/* @opts: -w -x errtags */
BEGIN { s = speculation(); }
BEGIN { chill(1); speculate(s); }
