/*
 * dtrace refuses an undefined function's name as it builds the call, and an inline's
 * definition as it parses it: whichever comes first is the error, here the inline's, before
 * the call and the syntax error after it (observed with dtrace -s).
 */
inline int x = "a";
BEGIN { nosuchfn(); +; }
