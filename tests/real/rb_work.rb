# rb_work.rb — a Ruby 3.1 workload whose USDT firings (libruby's "ruby" provider) are known
# exactly, for tests that check a tracer's counts against what the program did
# (tests/sh/usdt_real.sh, docs/real-programs.md).
#
#   ruby3.1 rb_work.rb N REPORT [GO]
#
# Between loading the file MARK.begin.rb and MARK.end.rb (ruby:load-entry with arg0 the
# path; MARK is REPORT's path), it does each of these exactly N times:
# - creates a UsdtRealObj: ruby:object-create with arg0 == "UsdtRealObj";
# - calls its Ruby method usdt_real_m: ruby:method-entry and method-return with arg0 ==
#   "UsdtRealObj", arg1 == "usdt_real_m", arg2 == this file, arg3 == the line marked ENTRY
#   LINE (ruby reports the line of the method's first statement, not of its def).
#   Ruby 3.1 fires these only while some TracePoint for :call/:return is enabled (its
#   semaphore alone does not turn the iseq hooks on), so one with an empty block is;
# - calls the C method Integer#gcd: ruby:cmethod-entry/return with arg0 == "Integer", arg1 ==
#   "gcd";
# - raises and rescues a UsdtRealError: ruby:raise with arg0 == "UsdtRealError";
# - runs GC.start with the automatic collector off: ruby:gc-mark-begin fires N times between
#   the two marks (start-up collections come before the first mark);
# - loads MARK.mod.rb: ruby:load-entry/load-return with arg0 == that path.
# It writes its counts to REPORT ("n N", "file PATH", "mod PATH", "begin PATH",
# "end PATH") and exits with exit! (no at_exit handlers, no final collection). With GO, it
# first writes its pid to GO.pid and waits (at most 30 s) until the file GO exists, so that a
# tracer can attach to the running process before any of the work. Nothing goes to stdout:
# a tracer started with -c shares it.

class UsdtRealObj
  def usdt_real_m(x)
    x + 1 # ENTRY LINE
  end
end

class UsdtRealError < StandardError
end

if ARGV.length < 2 || ARGV.length > 3
  warn "usage: rb_work.rb N REPORT [GO]"
  exit! 2
end
n = Integer(ARGV[0])
report = ARGV[1]
mark_begin = report + ".begin.rb"
mark_end = report + ".end.rb"
mod = report + ".mod.rb"
File.write(mark_begin, "")
File.write(mark_end, "")
File.write(mod, "USDT_REAL_MOD = 1 unless defined?(USDT_REAL_MOD)\n")
if ARGV.length == 3
  File.write(ARGV[2] + ".pid", "#{Process.pid}\n")
  deadline = Process.clock_gettime(Process::CLOCK_MONOTONIC) + 30
  until File.exist?(ARGV[2])
    if Process.clock_gettime(Process::CLOCK_MONOTONIC) > deadline
      warn "rb_work.rb: no go file after 30 s"
      exit! 3
    end
    sleep 0.01
  end
end

GC.disable
trace = TracePoint.new(:call, :return) {}
trace.enable
load mark_begin
i = 0
while i < n
  o = UsdtRealObj.new
  o.usdt_real_m(i)
  30.gcd(12)
  begin
    raise UsdtRealError
  rescue UsdtRealError
  end
  GC.start
  load mod
  i += 1
end
load mark_end
trace.disable
File.write(report, "n #{n}\nfile #{File.expand_path(__FILE__)}\n" \
                   "mod #{mod}\nbegin #{mark_begin}\nend #{mark_end}\n")
exit! 0
