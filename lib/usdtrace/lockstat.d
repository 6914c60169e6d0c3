/*
 * lockstat.d — usdtrace D library: DTrace's lockstat provider, as formulas over the kernel's
 * lock tracepoints (docs/formula-providers.md), and the translator that names the lockstat
 * probe of a contention.
 *
 * The kernel traces lock contention only: lock:contention_begin(void *lock, unsigned int
 * flags) when a thread starts to wait for a lock it could not take at once, and
 * lock:contention_end(void *lock, int ret) when the wait is over (ret 0: it has the lock).
 * The flags say which kind of lock and which way it waits:
 *
 *	flags			lock				lockstat probe
 *	MUTEX|SPIN		struct mutex, spinning on owner	adaptive-spin
 *	MUTEX			struct mutex, sleeping		adaptive-block
 *	SPIN			spinlock_t (queued)		spin-spin
 *	SPIN|READ, SPIN|WRITE	rwlock_t (queued)		rw-spin
 *	READ, WRITE		struct rw_semaphore, sleeping	rw-block
 *	RT, PERCPU|...		rt_mutex, percpu_rw_semaphore	"" (none of DTrace's)
 *
 * The contention probes fire at contention_end, when the thread has the lock, as DTrace's
 * do; their args[1], the time spun or blocked in nanoseconds, is contention_end's timestamp
 * less that of the last contention_begin of the same thread on the same lock (the mutex code
 * begins again, with other flags, when a sleeping waiter spins once more, and the last begin
 * is the way it got the lock). That begin is kept by the provider's companion on
 * contention_begin (self->_lockstat_ts[lock], self->_lockstat_fl[lock]), part of a program
 * only when it uses one of these probes, and let go by the companion on contention_end, a
 * clause of a lockstat probe's program that runs after every lockstat probe's. adaptive-acquire-error is a mutex's contention_end
 * with ret != 0 (a killable or interruptible wait that was interrupted: args[1] the error).
 *
 * rw-block is Solaris DTrace's probe (DTrace for Linux has none; the kernel shows an
 * rw_semaphore's sleep): args[0] the rw_semaphore, args[1] the time blocked, args[2]
 * RW_WRITER or RW_READER, as rw-spin's.
 *
 * adaptive-acquire, adaptive-release, spin-acquire, spin-release, rw-acquire and rw-release
 * have no event on this kernel: lock:lock_acquire and lock:lock_release exist with
 * CONFIG_LOCKDEP only (and would fire for every lock the kernel takes), and fbt cannot reach
 * the lock functions (fentry/fexit programs are refused; many are inlined). They are listed,
 * with DTrace's types, and a clause that names only them is refused saying so; a clause on
 * `lockstat:::` takes the others. docs/net-translators.md has the table.
 */

inline unsigned int LCB_F_SPIN = 0x01;
inline unsigned int LCB_F_READ = 0x02;
inline unsigned int LCB_F_WRITE = 0x04;
inline unsigned int LCB_F_RT = 0x08;
inline unsigned int LCB_F_PERCPU = 0x10;
inline unsigned int LCB_F_MUTEX = 0x20;

/* DTrace's name of the kernel's spin lock type (args[0] of spin-spin) */
typedef struct spinlock spinlock_t;

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

/* the companions' record of each (thread, lock) wait, declared here: the probes' formulas,
 * which read them, come before the companions that assign them, and a D variable exists from
 * its declaration or first assignment in program order */
self uint64_t _lockstat_ts[void *];
self unsigned int _lockstat_fl[void *];

provider lockstat {
	probe adaptive__spin(struct mutex *, uint64_t) =
		rawtp:lock::contention_end(void *lock, int ret)
		/ self->_lockstat_ts[lock] && self->_lockstat_fl[lock] == (LCB_F_MUTEX | LCB_F_SPIN) &&
		  ret == 0 / :
		((struct mutex *)lock, timestamp - self->_lockstat_ts[lock]);
	probe adaptive__block(struct mutex *, uint64_t) =
		rawtp:lock::contention_end(void *lock, int ret)
		/ self->_lockstat_ts[lock] && self->_lockstat_fl[lock] == LCB_F_MUTEX && ret == 0 / :
		((struct mutex *)lock, timestamp - self->_lockstat_ts[lock]);
	probe adaptive__acquire__error(struct mutex *, int) =
		rawtp:lock::contention_end(void *lock, int ret)
		/ self->_lockstat_ts[lock] && (self->_lockstat_fl[lock] & LCB_F_MUTEX) &&
		  ret != 0 / :
		((struct mutex *)lock, ret);
	probe spin__spin(spinlock_t *, uint64_t) =
		rawtp:lock::contention_end(void *lock, int ret)
		/ self->_lockstat_ts[lock] && self->_lockstat_fl[lock] == LCB_F_SPIN / :
		((spinlock_t *)lock, timestamp - self->_lockstat_ts[lock]);
	probe rw__spin(struct rwlock *, uint64_t, int) =
		rawtp:lock::contention_end(void *lock, int ret)
		/ self->_lockstat_ts[lock] &&
		  (self->_lockstat_fl[lock] == (LCB_F_SPIN | LCB_F_READ) ||
		   self->_lockstat_fl[lock] == (LCB_F_SPIN | LCB_F_WRITE)) / :
		((struct rwlock *)lock, timestamp - self->_lockstat_ts[lock],
		 (self->_lockstat_fl[lock] & LCB_F_WRITE) ? RW_WRITER : RW_READER);
	probe rw__block(struct rw_semaphore *, uint64_t, int) =
		rawtp:lock::contention_end(void *lock, int ret)
		/ self->_lockstat_ts[lock] &&
		  (self->_lockstat_fl[lock] == LCB_F_READ || self->_lockstat_fl[lock] == LCB_F_WRITE) &&
		  ret == 0 / :
		((struct rw_semaphore *)lock, timestamp - self->_lockstat_ts[lock],
		 self->_lockstat_fl[lock] == LCB_F_WRITE ? RW_WRITER : RW_READER);

	probe adaptive__acquire(struct mutex *) = none("the kernel has no event for a mutex taken: lock:lock_acquire exists with CONFIG_LOCKDEP only, and fbt cannot reach mutex_lock (fentry is refused)");
	probe adaptive__release(struct mutex *) = none("the kernel has no event for a mutex released: lock:lock_release exists with CONFIG_LOCKDEP only, and fbt cannot reach mutex_unlock (fentry is refused)");
	probe spin__acquire(spinlock_t *) = none("the kernel has no event for a spin lock taken: lock:lock_acquire exists with CONFIG_LOCKDEP only, and fbt cannot reach the spin lock functions (fentry is refused)");
	probe spin__release(spinlock_t *) = none("the kernel has no event for a spin lock released: lock:lock_release exists with CONFIG_LOCKDEP only, and fbt cannot reach the spin lock functions (fentry is refused)");
	probe rw__acquire(struct rwlock *, int) = none("the kernel has no event for a reader/writer lock taken: lock:lock_acquire exists with CONFIG_LOCKDEP only, and fbt cannot reach the rwlock functions (fentry is refused)");
	probe rw__release(struct rwlock *, int) = none("the kernel has no event for a reader/writer lock released: lock:lock_release exists with CONFIG_LOCKDEP only, and fbt cannot reach the rwlock functions (fentry is refused)");

	/* the companions: the last begin of each (thread, lock) wait, kept while the thread
	 * waits, for the probes above */
	rawtp:lock::contention_begin(void *lock, unsigned int flags)
	{
		self->_lockstat_ts[lock] = timestamp;
		self->_lockstat_fl[lock] = flags;
	}
	rawtp:lock::contention_end(void *lock)
	{
		self->_lockstat_ts[lock] = 0;
		self->_lockstat_fl[lock] = 0;
	}
};
