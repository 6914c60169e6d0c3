/* A script with nothing in it is an error (dtrace D_EMPTY), reported at the line its
 * input ends on. */
#pragma D option quiet
