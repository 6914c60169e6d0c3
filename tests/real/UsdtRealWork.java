// UsdtRealWork.java — a Java workload whose HotSpot USDT firings are known exactly, for tests
// that check a tracer's counts against what the JVM did (tests/sh/usdt_real.sh).
//
//   java -XX:+UseSerialGC -Xms64m -Xmx64m -cp DIR UsdtRealWork LOADS THREADS GCS REPORT [GO]
//
// DIR holds UsdtRealWork.class and UsdtRealLoaded.class (javac of this file).
// - LOADS times, a new class loader (with no parent that knows the class) defines the class
//   UsdtRealLoaded from DIR: hotspot:class__loaded fires LOADS times with the name (arg0, not
//   NUL-terminated, length arg1) "UsdtRealLoaded";
// - starts and joins THREADS threads named "usdt-real-worker": hotspot:thread__start fires
//   THREADS times with that name (arg0, length arg1);
// - calls System.gc() GCS times: each is a full collection, so hotspot:gc__begin fires GCS times
//   with arg0 (is-full) == 1. The heap is fixed and far larger than what this allocates, so no
//   collection of its own happens (those would be young ones, arg0 == 0, with the serial GC).
// Writes "loads N", "threads N", "gcs N" to REPORT. Nothing goes to stdout: a tracer started
// with -c shares it. With GO, it first writes its pid to GO.pid and waits (at most 30 s) for
// the file GO to exist, so a tracer can attach (-p) before it does anything.
import java.io.File;
import java.io.FileWriter;
import java.net.URL;
import java.net.URLClassLoader;

public class UsdtRealWork {
	public static void main(String[] argv) throws Exception {
		if (argv.length != 4 && argv.length != 5) {
			System.err.println("usage: UsdtRealWork LOADS THREADS GCS REPORT [GO]");
			System.exit(2);
		}
		int loads = Integer.parseInt(argv[0]), threads = Integer.parseInt(argv[1]);
		int gcs = Integer.parseInt(argv[2]);
		if (argv.length == 5) {
			try (FileWriter p = new FileWriter(argv[4] + ".pid")) {
				p.write(ProcessHandle.current().pid() + "\n");
			}
			long deadline = System.nanoTime() + 30_000_000_000L;
			while (!new File(argv[4]).exists()) {
				if (System.nanoTime() > deadline) {
					System.err.println("UsdtRealWork: no go file after 30 s");
					System.exit(3);
				}
				Thread.sleep(10);
			}
		}
		URL dir = UsdtRealWork.class.getProtectionDomain().getCodeSource().getLocation();
		int loaded = 0;
		for (int i = 0; i < loads; i++) {
			// parent null: the bootstrap loader, which cannot find UsdtRealLoaded, so this
			// loader defines its own copy.
			try (URLClassLoader l = new URLClassLoader(new URL[] { dir }, null)) {
				Class<?> c = Class.forName("UsdtRealLoaded", true, l);
				if (c.getClassLoader() != l)
					throw new IllegalStateException("UsdtRealLoaded came from another loader");
				loaded++;
			}
		}
		int started = 0;
		for (int i = 0; i < threads; i++) {
			Thread t = new Thread(() -> { }, "usdt-real-worker");
			t.start();
			t.join();
			started++;
		}
		int collected = 0;
		for (int i = 0; i < gcs; i++) {
			System.gc();
			collected++;
		}
		try (FileWriter w = new FileWriter(argv[3])) {
			w.write("loads " + loaded + "\nthreads " + started + "\ngcs " + collected + "\n");
		}
	}
}

class UsdtRealLoaded {
	static int value = 1;
}
