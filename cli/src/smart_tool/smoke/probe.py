"""Running one bounded probe of a tool: its own process group, stdin closed, a timeout, output
capped, every model-provider variable removed, a scratch working folder.

A probe never hangs the caller and never leaves anything running: on timeout everything it
started gets SIGTERM, then SIGKILL after a grace period; when the tool exits, whatever it
left running is ended the same way, daemons that left its process group included
(:mod:`processes` finds them). Output is read as it comes (a tool that prints megabytes never
blocks on a full pipe) and only the first :data:`OUTPUT_CAP` bytes of each stream kept.
"""

from __future__ import annotations

import os
import re
import selectors
import signal
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO, NamedTuple, Optional

from . import processes

#: Variables that configure a model provider: API keys, tokens and secrets, provider and model
#: names. The conformance kit's list (PROVIDER_ENV_RE in its run.py), and more providers.
PROVIDER_VARIABLE = re.compile(
    r"(API_KEY|ACCESS_KEY|SECRET|_TOKEN$|^ANTHROPIC|^OPENAI|^AZURE_OPENAI|^GOOGLE_API"
    r"|^GEMINI|^MISTRAL|^COHERE|^GROQ|^TOGETHER|^PERPLEXITY|^AMPLIFIER|^LLM|_LLM$"
    r"|^MODEL|_MODEL$|PROVIDER"
    # beyond the kit: more providers and the other ways credentials are passed
    r"|_KEY$|_CREDENTIALS?$|PASSWORD|^CLAUDE|^DEEPSEEK|^XAI_|^FIREWORKS|^OPENROUTER|^OLLAMA"
    r"|^HUGGING_?FACE|^HF_|^REPLICATE|^VOYAGE|^BEDROCK|^AWS_BEDROCK|^VERTEX|^LITELLM|^COPILOT)",
    re.IGNORECASE,
)
#: Variables that would put another interpreter's or a source tree's modules in the probe.
INTERPRETER_VARIABLES = frozenset(
    {
        "PYTHONPATH",
        "PYTHONHOME",
        "PYTHONSTARTUP",
        "PYTHONUSERBASE",
        "PYTHONEXECUTABLE",
        "PYTHONINSPECT",
        "VIRTUAL_ENV",
        "CONDA_PREFIX",
        "__PYVENV_LAUNCHER__",
    }
)
#: bytes kept of each of stdout and stderr; the rest is read and dropped
OUTPUT_CAP = 1024 * 1024
#: seconds between SIGTERM and SIGKILL
GRACE_SECONDS = 2.0
#: how long output may stay open after the tool exited and its group was killed
_DRAIN_SECONDS = 0.5
_POLL_SECONDS = 0.05


def provider_variables(environ: Mapping[str, str]) -> list[str]:
    """The names (never the values) of the provider variables in ``environ``."""
    return sorted(name for name in environ if PROVIDER_VARIABLE.search(name))


#: what a probe keeps of the caller's environment besides PATH: the locale and the time zone
_LOCALE = re.compile(r"^(LANG|LANGUAGE|TZ|LC_[A-Z_]+)$")


def probe_environment(
    environ: Mapping[str, str], prefix: Path, bin_dir: Path, *, home: Path, temp: Path
) -> dict[str, str]:
    """What a probe runs with: the caller's PATH (the environment's scripts first) and locale,
    and nothing else of the caller's: no provider or interpreter variable, no HOME, no temp
    folder, no PWD. ``home`` and ``temp``, throwaway folders, stand in for them; the
    environment ``prefix`` is active and nothing is written as bytecode."""
    env = {name: value for name, value in environ.items() if _LOCALE.match(name)}
    env["PATH"] = os.pathsep.join(filter(None, [str(bin_dir), environ.get("PATH")]))
    env["HOME"] = str(home)
    env.update(dict.fromkeys(("TMPDIR", "TEMP", "TMP"), str(temp)))
    env["VIRTUAL_ENV"] = str(prefix)
    env["PYTHONNOUSERSITE"] = "1"
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    return env


class ProbeResult(NamedTuple):
    """How one run of the tool went."""

    argv: tuple[str, ...]
    #: None when it was killed on timeout
    returncode: Optional[int]
    stdout: str
    stderr: str
    timed_out: bool = False
    #: a stream was longer than :data:`OUTPUT_CAP` and was cut
    truncated: bool = False
    #: processes it started outlived it (they were ended), or kept its output open
    left_behind: bool = False
    seconds: float = 0.0
    #: why it could not be started at all
    error: Optional[str] = None
    #: a process still ran after SIGTERM and the grace period: it got SIGKILL
    sigkilled: bool = False
    #: a process it started still held its output open and could not be found to end
    escaped: bool = False
    #: ended early because smoke itself was interrupted: says nothing of the tool
    interrupted: bool = False

    @property
    def ok(self) -> bool:
        return self.returncode == 0 and not self.timed_out

    def ended(self) -> str:
        """How it ended, for a message: ``exits 3``, or ``is killed by SIGSEGV`` (a crash)."""
        code = self.returncode
        if code is None and self.error:
            return "cannot be started"
        if code is not None and code < 0:
            try:
                return f"is killed by {signal.Signals(-code).name}"
            except ValueError:
                return f"is killed by signal {-code}"
        return f"exits {code}"

    def first_line(self) -> str:
        """The line of its error output (else its output) that says most, for a message: the
        first, or the exception of a Python traceback."""
        text = (self.stderr.strip() or self.stdout.strip() or self.error or "").strip()
        if not text:
            return "(no output)"
        lines = text.split("\n")
        if lines[0].startswith("Traceback (most recent call last)"):
            return lines[-1].strip()[:200]
        return lines[0][:200]


class _Capture:
    """One stream read to its end, of which the first ``cap`` bytes are kept."""

    def __init__(self, cap: int) -> None:
        self.kept = bytearray()
        self.cap = cap
        self.truncated = False

    def add(self, data: bytes) -> None:
        room = self.cap - len(self.kept)
        if len(data) > room:
            self.truncated = True
        if room > 0:
            self.kept += data[:room]

    def text(self) -> str:
        return self.kept.decode("utf-8", "replace")


def run_probe(
    argv: Sequence[str],
    *,
    env: Mapping[str, str],
    cwd: Path,
    timeout: float,
    grace: float = GRACE_SECONDS,
    cap: int = OUTPUT_CAP,
    stop: Optional[threading.Event] = None,
) -> ProbeResult:
    """Run ``argv`` once, bounded; never raises for what the tool does.

    ``stop``, once set (smoke itself was interrupted), ends the probe at once as a timeout
    would. Whatever happens here, an exception included, nothing it started keeps running.
    """
    args = tuple(argv)
    token = processes.new_token()
    started = time.monotonic()
    try:
        process = subprocess.Popen(
            args,
            cwd=str(cwd),
            env={**env, "PWD": str(cwd), processes.PROBE_VARIABLE: token},
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except OSError as exc:
        return ProbeResult(args, None, "", "", error=f"cannot be started: {exc.strerror or exc}")
    marks = processes.marks(process.pid, token)
    try:
        return _watch(args, process, marks, started, (timeout, grace), cap, stop)
    except BaseException:
        processes.end(marks, grace)
        process.wait()
        raise
    finally:
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


def _watch(
    args: tuple[str, ...],
    process: subprocess.Popen[bytes],
    marks: processes.Marks,
    started: float,
    limits: tuple[float, float],
    cap: int,
    stop: Optional[threading.Event],
) -> ProbeResult:
    """Read the probe's output as it comes until it ends, is timed out or is stopped."""
    assert process.stdout is not None and process.stderr is not None
    timeout, grace = limits
    streams: dict[IO[bytes], _Capture] = {process.stdout: _Capture(cap), process.stderr: _Capture(cap)}
    deadline = started + timeout
    timed_out = left_behind = sigkilled = escaped = interrupted = False
    exited_at: Optional[float] = None

    def end_all() -> bool:
        nonlocal sigkilled
        ended = processes.end(marks, grace)
        sigkilled = sigkilled or ended.killed
        return ended.found

    def stopped() -> bool:
        return stop is not None and stop.is_set()

    with selectors.DefaultSelector() as selector:
        for stream in streams:
            selector.register(stream, selectors.EVENT_READ)
        while selector.get_map():
            now = time.monotonic()
            if exited_at is None:
                if process.poll() is not None:
                    exited_at = now
                    left_behind = end_all()
                elif now >= deadline or stopped():
                    timed_out, interrupted = True, stopped()
                    end_all()
                    process.wait()
                    exited_at = time.monotonic()
            elif now - exited_at > _DRAIN_SECONDS:
                # a process no mark finds (it left the group, the folder and the token
                # behind) still holds the output open
                left_behind = escaped = True
                break
            for key, _ in selector.select(_POLL_SECONDS):
                data = os.read(key.fd, 65536)
                if data:
                    streams[key.fileobj].add(data)  # type: ignore[index]
                else:
                    selector.unregister(key.fileobj)
    if exited_at is None:  # the tool closed its output and kept running
        while process.poll() is None and time.monotonic() < deadline and not stopped():
            time.sleep(_POLL_SECONDS)
        if process.poll() is None:
            timed_out, interrupted = True, stopped()
            end_all()
        else:
            left_behind = end_all()
    returncode = process.wait()
    out, err = streams[process.stdout], streams[process.stderr]
    return ProbeResult(
        args,
        None if timed_out else returncode,
        out.text(),
        err.text(),
        timed_out=timed_out,
        truncated=out.truncated or err.truncated,
        left_behind=left_behind,
        seconds=time.monotonic() - started,
        sigkilled=sigkilled,
        escaped=escaped,
        interrupted=interrupted,
    )
