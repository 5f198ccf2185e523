"""Storage: sequential throughput and 4k random-read IOPS in one directory (the dataset volume).

fio when it is installed (the tool the checklist names); otherwise a Python fallback that reads
with O_DIRECT where the filesystem allows it (else drops the file from the page cache first and
says so). Test files go in a private sub-folder that is removed afterwards.
Python 3.6+ standard library only.
"""

import mmap
import os
import random
import shutil
import threading
import time

from . import host_parsers, inventory

CHUNK = 8 * 2**20
BLOCK = 4096


def run_storage(directory, size_bytes, seconds, progress=None):
    directory = os.path.abspath(directory)
    mount, fs = inventory.filesystem_of(directory)
    base = {"dir": directory, "mount": mount, "fs": fs, "size_bytes": size_bytes}
    try:
        free = shutil.disk_usage(directory).free
    except OSError as exc:
        return dict(base, skipped=["cannot use {}: {}".format(directory, exc), "无法使用 {}：{}".format(directory, exc)])
    if free < size_bytes * 1.2:
        size_bytes = int(free * 0.5) // CHUNK * CHUNK
        if size_bytes < 64 * 2**20:
            return dict(base, skipped=["only {:.1f} GB free in {}".format(free / 1e9, directory),
                                       "{} 仅剩 {:.1f} GB 可用空间".format(directory, free / 1e9)])
        base["size_bytes"] = size_bytes
    work = os.path.join(directory, ".gpudesk-kit-io-{}".format(os.getpid()))
    try:
        os.makedirs(work, exist_ok=True)
    except OSError as exc:
        return dict(base, skipped=["cannot write in {}: {}".format(directory, exc), "无法写入 {}：{}".format(directory, exc)])
    try:
        fio = shutil.which("fio")
        if fio:
            res = _fio(fio, work, size_bytes, seconds, progress)
            if res.get("read_iops") is not None:
                return dict(base, **res)
            base["fio_error"] = res.get("error")
        return dict(base, **_python(work, size_bytes, seconds, progress))
    finally:
        shutil.rmtree(work, ignore_errors=True)


# --- fio ----------------------------------------------------------------------------------------


def _fio_job(fio, work, args, seconds):
    cmd = [fio, "--name=gpudesk", "--directory=" + work, "--direct=1", "--group_reporting",
           "--output-format=json", "--runtime={}".format(int(seconds)), "--time_based"] + args
    rc, out, err = inventory.run(cmd, timeout=seconds * 4 + 300)
    if rc != 0:
        return None, (err or out or "fio failed").strip().splitlines()[-1:][0] if (err or out) else "fio failed"
    return host_parsers.fio_json(out), None


def _fio(fio, work, size, seconds, progress):
    out = {"tool": "fio", "direct": True}
    mb = max(64, size // 2**20)
    for engine in ("libaio", "psync"):
        depth = ["--iodepth=64", "--numjobs=4"] if engine == "libaio" else ["--iodepth=1", "--numjobs=16"]
        if progress:
            progress("fio 4k random read ({})".format(engine))
        per_job = max(16, mb // 4)
        res, err = _fio_job(fio, work, ["--rw=randread", "--bs=4k", "--size={}M".format(per_job),
                                        "--ioengine=" + engine] + depth, seconds)
        if res:
            out["read_iops"], out["fio_engine"] = res["read_iops"], engine
            out["fio_version"] = res.get("fio_version")
            break
        out["error"] = err
    else:
        return out
    if progress:
        progress("fio sequential write")
    res, err = _fio_job(fio, work, ["--rw=write", "--bs=1M", "--size={}M".format(mb), "--iodepth=32",
                                    "--ioengine=" + out["fio_engine"]], seconds)
    out["seq_write_bytes_per_s"] = res["write_bytes_per_s"] if res else None
    if progress:
        progress("fio sequential read")
    res2, err2 = _fio_job(fio, work, ["--rw=read", "--bs=1M", "--size={}M".format(mb), "--iodepth=32",
                                      "--ioengine=" + out["fio_engine"]], seconds)
    out["seq_read_bytes_per_s"] = res2["read_bytes_per_s"] if res2 else None
    if err or err2:
        out["error"] = err or err2
    return out


# --- Python fallback -----------------------------------------------------------------------------


def _open_direct(path, flags):
    """An O_DIRECT descriptor, or (a normal one, False) where the filesystem refuses it (tmpfs, some FUSE)."""
    direct = getattr(os, "O_DIRECT", 0)
    if direct:
        try:
            return os.open(path, flags | direct), True
        except OSError:
            pass
    return os.open(path, flags), False


def _drop_cache(fd):
    try:
        os.fsync(fd)
        os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        return True
    except (AttributeError, OSError):
        return False


def _python(work, size, seconds, progress):
    path = os.path.join(work, "data.bin")
    buf = mmap.mmap(-1, CHUNK)  # page-aligned, as O_DIRECT wants
    buf.write(os.urandom(2**20) * (CHUNK // 2**20))
    out = {"tool": "python", "direct": False}
    if progress:
        progress("sequential write ({:.1f} GB)".format(size / 1e9))
    try:
        fd, direct_w = _open_direct(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
        t0 = time.time()
        done = 0
        try:
            while done < size:
                done += os.write(fd, buf)
            os.fsync(fd)  # what is not on the disk yet does not count
        finally:
            os.close(fd)
        out["seq_write_bytes_per_s"] = done / max(time.time() - t0, 1e-6)
        if progress:
            progress("sequential read")
        fd, direct_r = _open_direct(path, os.O_RDONLY)
        dropped = direct_r or _drop_cache(fd)
        t0 = time.time()
        got = 0
        try:
            while True:
                n = os.readv(fd, [buf])
                if n <= 0:
                    break
                got += n
        finally:
            os.close(fd)
        out["seq_read_bytes_per_s"] = got / max(time.time() - t0, 1e-6)
        if progress:
            progress("4k random read, {} s".format(int(seconds)))
        iops, direct_rand = _random_reads(path, done, seconds)
        out["read_iops"] = iops
        out["direct"] = bool(direct_rand and dropped)
        out["method"] = "O_DIRECT" if direct_rand else ("page cache dropped" if dropped else "page cache")
        out["note"] = "Python fallback (fio not installed): above ~100k IOPS it measures Python, not the disk"
    except OSError as exc:
        out["error"] = str(exc)
    finally:
        buf.close()
    return out


def _random_reads(path, size, seconds, threads=16):
    """4k reads at random aligned offsets from `threads` threads (each with its own descriptor; the
    reads release the GIL), for `seconds`. Returns (IOPS, whether O_DIRECT was used)."""
    blocks = max(1, size // BLOCK)
    fd, direct = _open_direct(path, os.O_RDONLY)
    if not direct:
        _drop_cache(fd)
    os.close(fd)
    counts = [0] * threads
    stop = time.time() + seconds
    errors = []

    def worker(i):
        rnd = random.Random(i)
        b = mmap.mmap(-1, BLOCK)
        my, _ = _open_direct(path, os.O_RDONLY) if direct else (os.open(path, os.O_RDONLY), False)
        try:
            if not direct and hasattr(os, "posix_fadvise"):
                os.posix_fadvise(my, 0, 0, os.POSIX_FADV_RANDOM)  # no read-ahead: one block per read
            n = 0
            while True:
                for _ in range(64):
                    offset = rnd.randrange(blocks) * BLOCK
                    if hasattr(os, "preadv"):
                        os.preadv(my, [b], offset)
                    else:  # Python 3.6
                        os.lseek(my, offset, os.SEEK_SET)
                        os.readv(my, [b])
                n += 64
                if time.time() >= stop:
                    break
            counts[i] = n
        except OSError as exc:
            errors.append(str(exc))
        finally:
            os.close(my)
            b.close()

    t0 = time.time()
    pool = [threading.Thread(target=worker, args=(i,), daemon=True) for i in range(threads)]
    for th in pool:
        th.start()
    for th in pool:
        th.join()
    elapsed = max(time.time() - t0, 1e-6)
    if errors and not sum(counts):
        raise OSError(errors[0])
    return sum(counts) / elapsed, direct
