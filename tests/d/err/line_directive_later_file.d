/* A clause's error names the file the last #line directive set, even one after the clause:
 * dtrace cooks the clauses once the whole input is read (observed: dtrace -s
 * line_directive_later_file.d: "later.d", line 51). */
#line 50 "first.d"
BEGIN { x = nosuch; }
#line 80 "later.d"
BEGIN { exit(0); }
