"""PyTorch benchmarks: the all_reduce bus-bandwidth sweep (local GPUs, or across nodes under
torchrun) and a short synthetic Transformer training run on every local GPU.

Imported only when PyTorch is installed. Local runs talk over NCCL inside the node (loopback
bootstrap, a rendezvous file): nothing leaves the machine. Bus bandwidth as nccl-tests defines it.
"""

import json
import os
import shutil
import tempfile
import time
from datetime import timedelta

from . import judge

MIB = 2**20
SIZES = [MIB << k for k in range(11)]  # 1 MiB .. 1 GiB, doubling


# --- all_reduce ---------------------------------------------------------------------------------


def _sweep(torch, dist, device, world, sizes):
    rows = []
    for size in sizes:
        n = size // 4
        buf = torch.ones(n, dtype=torch.float32, device=device)
        iters = 50 if size < 64 * MIB else 20
        for _ in range(5):
            dist.all_reduce(buf)
        torch.cuda.synchronize(device)
        dist.barrier()
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(iters):
            dist.all_reduce(buf)
        end.record()
        torch.cuda.synchronize(device)
        t = torch.tensor([start.elapsed_time(end) / 1000.0 / iters], device=device)
        dist.all_reduce(t, op=dist.ReduceOp.MAX)  # the slowest rank's time, as a collective takes it
        sec = float(t.item())
        algbw = size / sec / 1e9
        rows.append({"bytes": size, "time_us": sec * 1e6, "algbw_gbps": algbw,
                     "busbw_gbps": judge.bus_bandwidth(algbw, world), "iterations": iters + 5})
        del buf
    return rows


def _local_worker(rank, world, init_file, out_file, sizes):
    import torch
    import torch.distributed as dist
    torch.cuda.set_device(rank)
    dist.init_process_group("nccl", init_method="file://" + init_file, rank=rank, world_size=world,
                            timeout=timedelta(minutes=5))
    try:
        rows = _sweep(torch, dist, torch.device("cuda", rank), world, sizes)
        if rank == 0:
            with open(out_file, "w") as fh:
                json.dump({"world_size": world, "sizes": rows}, fh)
    finally:
        dist.destroy_process_group()


def allreduce_local(world, timeout_s=900, sizes=None):
    """The sweep over `world` local GPUs, one process each (torch.multiprocessing)."""
    tmp = tempfile.mkdtemp(prefix="gpudesk-kit-")
    init_file, out_file = os.path.join(tmp, "rdzv"), os.path.join(tmp, "allreduce.json")
    os.environ.setdefault("NCCL_SOCKET_IFNAME", "lo")  # bootstrap over loopback: stay inside the node
    os.environ.setdefault("TORCH_NCCL_ASYNC_ERROR_HANDLING", "1")
    try:
        error = _spawn(_local_worker, (world, init_file, out_file, sizes or SIZES), world, timeout_s)
        if error:
            return {"world_size": world, "error": error}
        with open(out_file) as fh:
            return json.load(fh)
    except Exception as exc:  # noqa: BLE001 - NCCL/CUDA failures are findings
        return {"world_size": world, "error": _short(exc)}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _spawn(fn, args, nprocs, timeout_s):
    """Run fn(rank, *args) in `nprocs` processes; an error text when one fails or they hang."""
    import torch.multiprocessing as mp
    ctx = mp.spawn(fn, args=args, nprocs=nprocs, join=False)
    deadline = time.time() + timeout_s
    while not ctx.join(timeout=5):
        if time.time() > deadline:
            for p in ctx.processes:
                p.terminate()
            return "timed out after {:.0f} s (a hang)".format(timeout_s)
    return None


def allreduce_torchrun(sizes=None):
    """Under torchrun (RANK, WORLD_SIZE, LOCAL_RANK, MASTER_ADDR set): the cross-node sweep."""
    import torch
    import torch.distributed as dist
    local = int(os.environ.get("LOCAL_RANK", "0"))
    torch.cuda.set_device(local)
    dist.init_process_group("nccl", timeout=timedelta(minutes=10))
    try:
        rows = _sweep(torch, dist, torch.device("cuda", local), dist.get_world_size(), sizes or SIZES)
        return {"world_size": dist.get_world_size(), "rank": dist.get_rank(), "sizes": rows,
                "nodes": int(os.environ.get("GROUP_WORLD_SIZE") or os.environ.get("SLURM_NNODES") or 0) or None}
    finally:
        dist.destroy_process_group()


def _short(exc):
    text = str(exc).strip().splitlines()
    return (type(exc).__name__ + ": " + (text[-1] if text else ""))[:300]


# --- synthetic training ------------------------------------------------------------------------


def _model(torch, cfg, layers):
    nn, F = torch.nn, torch.nn.functional
    h, heads, kv = cfg["hidden"], cfg["heads"], cfg.get("kv_heads") or cfg["heads"]
    hd = cfg.get("head_dim") or h // heads
    ffn, gated, vocab = cfg["ffn"], cfg.get("gated", True), cfg["vocab"]

    class Block(nn.Module):
        def __init__(self):
            super().__init__()
            self.n1, self.n2 = nn.LayerNorm(h), nn.LayerNorm(h)
            self.q = nn.Linear(h, heads * hd, bias=False)
            self.kv = nn.Linear(h, 2 * kv * hd, bias=False)
            self.o = nn.Linear(heads * hd, h, bias=False)
            self.up = nn.Linear(h, ffn * (2 if gated else 1), bias=False)
            self.down = nn.Linear(ffn, h, bias=False)

        def forward(self, x):
            b, s, _ = x.shape
            y = self.n1(x)
            q = self.q(y).view(b, s, heads, hd).transpose(1, 2)
            k, v = self.kv(y).view(b, s, 2, kv, hd).unbind(2)
            k, v = k.transpose(1, 2), v.transpose(1, 2)
            if kv != heads:
                k, v = k.repeat_interleave(heads // kv, 1), v.repeat_interleave(heads // kv, 1)
            a = F.scaled_dot_product_attention(q, k, v, is_causal=True)
            x = x + self.o(a.transpose(1, 2).reshape(b, s, heads * hd))
            u = self.up(self.n2(x))
            if gated:
                g, u = u.chunk(2, dim=-1)
                u = F.silu(g) * u
            else:
                u = F.gelu(u)
            return x + self.down(u)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.emb = nn.Embedding(vocab, h)
            self.blocks = nn.ModuleList([Block() for _ in range(layers)])
            self.norm = nn.LayerNorm(h)
            self.head = nn.Linear(h, vocab, bias=False)

        def forward(self, ids):
            x = self.emb(ids)
            for blk in self.blocks:
                x = blk(x)
            return self.head(self.norm(x))

    return Net()


def layers_that_fit(cfg, free_bytes, share=0.45):
    """Layers of the plan's shape whose AdamW training state (16 B/param with fp32 master weights)
    and activations fit in `share` of the free memory; at least 1, at most the model's own count."""
    h, f, v = cfg["hidden"], cfg["ffn"], cfg["vocab"]
    kv, heads = cfg.get("kv_heads") or cfg["heads"], cfg["heads"]
    hd = cfg.get("head_dim") or h // heads
    tokens = cfg["seq_len"] * cfg["micro_batch"]
    per_layer = 16 * (h * heads * hd * 2 + 2 * h * kv * hd + h * f * (3 if cfg.get("gated", True) else 2))
    per_layer += tokens * h * 40  # saved activations of a block, 16-bit, with flash attention (Korthikanti: 34·s·b·h)
    base = 16 * 2 * v * h + tokens * v * 12  # embedding + head, and the fp32 logits/loss buffers
    room = free_bytes * share - base
    n = int(room // per_layer) if room > 0 else 0
    return max(1, min(cfg.get("max_layers") or 1, n))


def _train_worker(rank, cfg, seconds, out_dir):
    import torch
    out = {"gpu": rank}
    try:
        torch.cuda.set_device(rank)
        dev = torch.device("cuda", rank)
        torch.backends.cuda.matmul.allow_tf32 = bool(cfg.get("allow_tf32"))
        torch.backends.cudnn.allow_tf32 = bool(cfg.get("allow_tf32"))
        free, total = torch.cuda.mem_get_info(dev)
        cfg = dict(cfg)
        layers = cfg.get("layers") or layers_that_fit(cfg, free)
        torch.manual_seed(1234)
        model = _model(torch, cfg, layers).to(dev)
        try:
            opt = torch.optim.AdamW(model.parameters(), lr=1e-4, fused=True)
        except (TypeError, RuntimeError):
            opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
        dtype = {"bf16": torch.bfloat16, "fp16": torch.float16}.get(cfg["dtype"])
        scaler = torch.cuda.amp.GradScaler() if dtype is torch.float16 else None
        b, s = cfg["micro_batch"], cfg["seq_len"]
        ids = torch.randint(0, cfg["vocab"], (b, s + 1), device=dev)  # one fixed batch: the loss must fall
        x, y = ids[:, :-1], ids[:, 1:]

        def step():
            opt.zero_grad(set_to_none=True)
            with torch.autocast("cuda", dtype=dtype, enabled=dtype is not None):
                logits = model(x)
            loss = torch.nn.functional.cross_entropy(logits.float().view(-1, logits.shape[-1]), y.reshape(-1))
            if scaler:
                scaler.scale(loss).backward()
                scaler.step(opt)
                scaler.update()
            else:
                loss.backward()
                opt.step()
            return loss

        first = float(step().item())
        for _ in range(2):
            step()
        torch.cuda.synchronize(dev)
        torch.cuda.reset_peak_memory_stats(dev)
        steps, t0 = 0, time.time()
        while True:
            loss = step()
            steps += 1
            if steps % 5 == 0:
                torch.cuda.synchronize(dev)
                if time.time() - t0 >= seconds and steps >= 5:
                    break
        torch.cuda.synchronize(dev)
        elapsed = time.time() - t0
        free_now, _ = torch.cuda.mem_get_info(dev)
        out.update({"layers": layers, "steps": steps, "seconds": elapsed, "tokens_per_s": steps * b * s / elapsed,
                    "loss_first": first, "loss_last": float(loss.item()),
                    "peak_allocated_bytes": int(torch.cuda.max_memory_allocated(dev)),
                    "peak_reserved_bytes": int(torch.cuda.max_memory_reserved(dev)),
                    "device_used_bytes": int(total - free_now), "device_total_bytes": int(total),
                    "params": sum(p.numel() for p in model.parameters())})
    except Exception as exc:  # noqa: BLE001 - out of memory, a CUDA fault: a finding
        out["error"] = _short(exc)
    with open(os.path.join(out_dir, "train-{}.json".format(rank)), "w") as fh:
        json.dump(out, fh)


def train_all(cfg, gpus, seconds, timeout_s=None):
    """The synthetic run on every local GPU at once (independent processes, no communication):
    every card is tested and loaded together, so temperatures and clocks are read under load.
    Returns the summary (the slowest GPU) and the per-GPU records."""
    tmp = tempfile.mkdtemp(prefix="gpudesk-kit-")
    try:
        error = _spawn(_train_worker, (cfg, seconds, tmp), gpus, timeout_s or seconds * 3 + 600)
        if error:
            return {"error": error, "per_gpu": []}
        per = []
        for rank in range(gpus):
            path = os.path.join(tmp, "train-{}.json".format(rank))
            if os.path.exists(path):
                with open(path) as fh:
                    per.append(json.load(fh))
        return summarise(per, cfg)
    except Exception as exc:  # noqa: BLE001
        return {"error": _short(exc), "per_gpu": []}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def summarise(per, cfg):
    ok = [r for r in per if not r.get("error")]
    errors = [r for r in per if r.get("error")]
    base = {"hidden": cfg["hidden"], "seq_len": cfg["seq_len"], "micro_batch": cfg["micro_batch"],
            "dtype": cfg["dtype"], "vocab": cfg["vocab"], "gpus": len(per), "per_gpu": per}
    if errors or not ok:
        base["error"] = "GPU {}: {}".format(errors[0].get("gpu"), errors[0].get("error")) if errors else "no result"
        return base
    slow = min(ok, key=lambda r: r["tokens_per_s"])
    base.update({k: slow[k] for k in ("layers", "steps", "seconds", "tokens_per_s", "loss_first", "loss_last", "params")})
    for key in ("peak_allocated_bytes", "peak_reserved_bytes", "device_used_bytes", "device_total_bytes"):
        base[key] = max(r[key] for r in ok)
    base["tokens_per_s_fastest"] = max(r["tokens_per_s"] for r in ok)
    return base
