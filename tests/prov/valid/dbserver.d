/* ----------
 *	dbserver.d
 *
 *	Static probes of a database server, in the style of PostgreSQL's
 *	probes.d: C typedefs the probes use are spelled here as #defines or
 *	typedefs of base types, so the file needs `usdtrace -C`.
 * ----------
 */

/*
 * Typedefs of the server, reduced to their underlying types.
 */
#define XactId unsigned int
#define RelFileNumber unsigned int
#define BufferMode int
#define ForkKind int
typedef unsigned int LocalTransactionId;
typedef unsigned int ObjectId;
typedef int LockMode;
typedef unsigned int BlockNo;
typedef _Bool bool_t;

provider dbserver {
	probe transaction__start(LocalTransactionId);
	probe transaction__commit(LocalTransactionId);
	probe transaction__abort(LocalTransactionId);

	probe lock__wait__start(const char *, LockMode);
	probe lock__wait__done(const char *, LockMode);
	probe lock__acquire(ObjectId, ObjectId, ObjectId, LockMode);

	probe query__parse__start(const char *);
	probe query__parse__done(const char *);
	probe query__start(const char *);
	probe query__done(const char *);
	probe statement__status(const char *);

	probe sort__start(int, bool_t, int, int, bool_t, int);
	probe sort__done(bool_t, long);

	probe buffer__read__start(ForkKind, BlockNo, ObjectId, ObjectId, RelFileNumber, int);
	probe buffer__read__done(ForkKind, BlockNo, ObjectId, ObjectId, RelFileNumber, int, bool_t);
	probe buffer__flush__start(ForkKind, BlockNo, ObjectId, ObjectId, RelFileNumber);
	probe buffer__checkpoint__start(int);
	probe buffer__checkpoint__done();
	probe checkpoint__done(int, int, int, int, int);
	probe xact__assign(XactId, BufferMode);

	probe wal__insert(unsigned char, unsigned char);
	probe wal__switch();
	probe smgr__md__read__done(ForkKind, BlockNo, ObjectId, ObjectId, RelFileNumber, int, int, int);
	probe deadlock__found();
};

#pragma D attributes Evolving/Evolving/Common provider dbserver provider
#pragma D attributes Private/Private/Unknown provider dbserver module
#pragma D attributes Private/Private/Unknown provider dbserver function
#pragma D attributes Evolving/Evolving/Common provider dbserver name
#pragma D attributes Evolving/Evolving/Common provider dbserver args
