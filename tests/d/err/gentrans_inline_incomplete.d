/* An inline of a struct no declaration completes (observed: dtrace -s).  */
struct fwd;

inline struct fwd s = 1;
