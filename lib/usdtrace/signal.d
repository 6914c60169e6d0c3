/*
 * signal.d — usdtrace D library: the Linux signal numbers by name (inline int SIGINT = 2;
 * ..., as dtrace's signal.d has them) and signal_name[s], an inline string table from a
 * number to its name ("SIGINT"), "<unknown>" for one with none (real-time signals included).
 * Values are x86-64 Linux's. Also the si_code values of SIGCHLD, CLD_EXITED ... CLD_CONTINUED:
 * proc:::exit's args[0] is one of the first three.
 */

inline int SIGHUP = 1;
inline int SIGINT = 2;
inline int SIGQUIT = 3;
inline int SIGILL = 4;
inline int SIGTRAP = 5;
inline int SIGABRT = 6;
inline int SIGIOT = 6;
inline int SIGBUS = 7;
inline int SIGFPE = 8;
inline int SIGKILL = 9;
inline int SIGUSR1 = 10;
inline int SIGSEGV = 11;
inline int SIGUSR2 = 12;
inline int SIGPIPE = 13;
inline int SIGALRM = 14;
inline int SIGTERM = 15;
inline int SIGSTKFLT = 16;
inline int SIGCHLD = 17;
inline int SIGCLD = 17;
inline int SIGCONT = 18;
inline int SIGSTOP = 19;
inline int SIGTSTP = 20;
inline int SIGTTIN = 21;
inline int SIGTTOU = 22;
inline int SIGURG = 23;
inline int SIGXCPU = 24;
inline int SIGXFSZ = 25;
inline int SIGVTALRM = 26;
inline int SIGPROF = 27;
inline int SIGWINCH = 28;
inline int SIGIO = 29;
inline int SIGPOLL = 29;
inline int SIGPWR = 30;
inline int SIGSYS = 31;
inline int SIGRTMIN = 34;
inline int SIGRTMAX = 64;

inline int CLD_EXITED = 1;
inline int CLD_KILLED = 2;
inline int CLD_DUMPED = 3;
inline int CLD_TRAPPED = 4;
inline int CLD_STOPPED = 5;
inline int CLD_CONTINUED = 6;

inline string signal_name[int s] =
	s == 1 ? "SIGHUP" :
	s == 2 ? "SIGINT" :
	s == 3 ? "SIGQUIT" :
	s == 4 ? "SIGILL" :
	s == 5 ? "SIGTRAP" :
	s == 6 ? "SIGABRT" :
	s == 7 ? "SIGBUS" :
	s == 8 ? "SIGFPE" :
	s == 9 ? "SIGKILL" :
	s == 10 ? "SIGUSR1" :
	s == 11 ? "SIGSEGV" :
	s == 12 ? "SIGUSR2" :
	s == 13 ? "SIGPIPE" :
	s == 14 ? "SIGALRM" :
	s == 15 ? "SIGTERM" :
	s == 16 ? "SIGSTKFLT" :
	s == 17 ? "SIGCHLD" :
	s == 18 ? "SIGCONT" :
	s == 19 ? "SIGSTOP" :
	s == 20 ? "SIGTSTP" :
	s == 21 ? "SIGTTIN" :
	s == 22 ? "SIGTTOU" :
	s == 23 ? "SIGURG" :
	s == 24 ? "SIGXCPU" :
	s == 25 ? "SIGXFSZ" :
	s == 26 ? "SIGVTALRM" :
	s == 27 ? "SIGPROF" :
	s == 28 ? "SIGWINCH" :
	s == 29 ? "SIGIO" :
	s == 30 ? "SIGPWR" :
	s == 31 ? "SIGSYS" :
	s >= 34 && s <= 64 ? "SIGRT" :
	"<unknown>";
