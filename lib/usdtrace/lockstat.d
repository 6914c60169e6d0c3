/*
 * lockstat.d — usdtrace D library: DTrace's lockstat probes as this kernel can show them.
 *
 * The kernel traces lock contention only: lock:contention_begin(void *lock, unsigned int
 * flags) when a thread starts to wait for a lock it could not take at once, and
 * lock:contention_end(void *lock, int ret) when the wait is over (ret 0: it has the lock).
 * The flags say which kind of lock and which way it waits; the translator below says which
 * of DTrace's lockstat probes a contention is:
 *
 *	flags			lock				lockstat probe
 *	MUTEX|SPIN		struct mutex, spinning on owner	adaptive-spin
 *	MUTEX			struct mutex, sleeping		adaptive-block
 *	SPIN			spinlock_t (queued)		spin-spin
 *	SPIN|READ, SPIN|WRITE	rwlock_t (queued)		rw-spin
 *	READ, WRITE		struct rw_semaphore, sleeping	rw-block
 *	RT, PERCPU|...		rt_mutex, percpu_rw_semaphore	"" (none of DTrace's)
 *
 * adaptive-acquire, adaptive-release, spin-acquire, spin-release, rw-acquire and rw-release
 * have no tracepoint (lock:lock_acquire and lock:lock_release exist with CONFIG_LOCKDEP
 * only, and fbt cannot reach the lock functions on this kernel): nothing here maps to them.
 * adaptive-acquire-error is a mutex's contention_end with ret != 0. The time spun or blocked
 * (the lockstat probes' arg1) is contention_end's timestamp less contention_begin's, for the
 * same thread and lock:
 *
 *	lock:contention_begin { self->ls_ts[arg0] = timestamp; self->ls_fl[arg0] = arg1; }
 *	lock:contention_end /self->ls_ts[arg0]/ {
 *		@[xlate <lscontention_t *> (self->ls_fl[arg0])->lsc_probe] =
 *		    quantize(timestamp - self->ls_ts[arg0]);
 *		self->ls_ts[arg0] = 0; self->ls_fl[arg0] = 0; }
 *
 * (the mutex code begins again, with other flags, when a sleeping waiter spins once more:
 * the last begin before the end is the way it got the lock). docs/net-translators.md has the
 * table.
 */

inline unsigned int LCB_F_SPIN = 0x01;
inline unsigned int LCB_F_READ = 0x02;
inline unsigned int LCB_F_WRITE = 0x04;
inline unsigned int LCB_F_RT = 0x08;
inline unsigned int LCB_F_PERCPU = 0x10;
inline unsigned int LCB_F_MUTEX = 0x20;

inline int RW_WRITER = 0x00;
inline int RW_READER = 0x01;

typedef struct lscontention {
	string lsc_probe;	/* the lockstat probe: "adaptive-spin", "adaptive-block",
				 * "spin-spin", "rw-spin", "rw-block"; "" for none */
	int lsc_spin;		/* 1: the thread spins; 0: it sleeps */
	int lsc_rw;		/* 1: a reader/writer lock */
	int lsc_writer;		/* RW_WRITER or RW_READER for a reader/writer lock, else -1 */
} lscontention_t;

translator lscontention_t < unsigned int F > {
	lsc_probe = (F & (LCB_F_RT | LCB_F_PERCPU)) != 0 ? "" :
	    (F & LCB_F_MUTEX) != 0 ? ((F & LCB_F_SPIN) != 0 ? "adaptive-spin" : "adaptive-block") :
	    (F & (LCB_F_READ | LCB_F_WRITE)) != 0 ?
	    ((F & LCB_F_SPIN) != 0 ? "rw-spin" : "rw-block") :
	    (F & LCB_F_SPIN) != 0 ? "spin-spin" : "";
	lsc_spin = (F & LCB_F_SPIN) != 0;
	lsc_rw = (F & (LCB_F_READ | LCB_F_WRITE)) != 0;
	lsc_writer = (F & LCB_F_WRITE) != 0 ? RW_WRITER : (F & LCB_F_READ) != 0 ? RW_READER : -1;
};
