"""Entry point: `python3 -m gpudesk_probe [run|internode|slurm-args] --kit kit.json ...` (run.sh calls it).

Runs every check the plan's kit lists, prints a pass/fail line per check as it goes, keeps going
past failures and missing tools, and writes one gpudesk-results.json (atomically, also when
interrupted). Python 3.6+ standard library only; PyTorch when installed.
"""

import argparse
import json
import os
import shutil
import sys
import time
from datetime import datetime, timezone

from . import KIT_VERSION, PROBE_VERSION, RESULTS_FORMAT, SCHEMA_VERSION, burnin, inventory, judge, storage, ui
from .ui import m, say, step

GIB = 2**30
SMI_PLACES = ("/usr/bin/nvidia-smi", "/usr/local/bin/nvidia-smi", "/usr/lib/wsl/lib/nvidia-smi")


def now():
    return datetime.now(timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def load_kit(path):
    try:
        with open(path, encoding="utf-8") as fh:
            kit = json.load(fh)
    except (OSError, ValueError) as exc:
        raise SystemExit("gpudesk kit: cannot read {}: {}".format(path, exc)) from None
    if not isinstance(kit, dict) or kit.get("format") != "gpudesk-kit":
        raise SystemExit("gpudesk kit: {} is not a gpudesk kit file".format(path))
    if kit.get("kit_version") != KIT_VERSION:
        raise SystemExit("gpudesk kit: {} has kit version {}, this probe reads {}; export the kit again".format(
            path, kit.get("kit_version"), KIT_VERSION))
    return kit


def find_smi():
    found = shutil.which("nvidia-smi")
    if found:
        return found
    for place in SMI_PLACES:
        if os.path.isfile(place) and os.access(place, os.X_OK):
            return place
    return None


def write_results(doc, path):
    """Atomic: a temporary file beside the target, then rename."""
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        json.dump(doc, fh, ensure_ascii=False, indent=1)
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)


def base_doc(kit, kind):
    return {"format": RESULTS_FORMAT, "schema_version": SCHEMA_VERSION, "probe_version": PROBE_VERSION,
            "kit_version": KIT_VERSION, "kind": kind, "plan": kit.get("plan") or {}, "created_at": now(),
            "finished_at": None, "complete": False, "host": inventory.host(), "tools": {}, "missing": [],
            "options": {}, "inventory": {}, "allreduce": None, "storage": None, "training": None, "burn_in": None,
            "thermal": None, "xid": None, "checks": [], "raw": {}}


class Run:
    def __init__(self, kit, args):
        self.kit, self.args = kit, args
        self.expect = kit.get("expect") or {}
        self.wanted = [c["id"] for c in kit.get("checks") or []]
        self.titles = {c["id"]: c.get("title") or c["id"] for c in kit.get("checks") or []}
        self.doc = base_doc(kit, "node")
        self.progress = ui.Progress(len(self.wanted))
        self.smi, self.no_gpu, self.gpu_list = None, ("nvidia-smi did not run", "nvidia-smi 未运行"), []
        self.torch = {"installed": False}

    def record(self, v):
        if v["id"] not in self.wanted or any(c["id"] == v["id"] for c in self.doc["checks"]):
            return
        self.doc["checks"].append(v)
        self.progress.result(self.titles.get(v["id"], v["id"]), v)
        self.save()

    def save(self):
        try:
            write_results(self.doc, self.args.out)
        except OSError as exc:
            say(m("Cannot write {}: {}", "无法写入 {}：{}").format(self.args.out, exc))

    def missing(self, what, en, zh):
        self.doc["missing"].append({"what": what, "en": en, "zh_CN": zh})
        say("  ! " + m(en, zh))

    def go(self):
        a, doc = self.args, self.doc
        doc["options"] = {"burn_in_hours": a.burn_in, "quick": a.quick, "storage_dir": os.path.abspath(a.storage_dir),
                          "skip_storage": a.skip_storage, "skip_train": a.skip_train}
        doc["tools"] = inventory.tools()
        say(m("gpudesk acceptance kit {} for plan: {}", "gpudesk 验收套件 {}，方案：{}").format(
            PROBE_VERSION, (self.kit.get("plan") or {}).get("title") or "?"))
        say(m("Results go to {} (nothing is sent anywhere).", "结果写入 {}（不向任何地方发送数据）。").format(a.out))
        for name, fn in (("host", self.host), ("gpus", self.gpus), ("collectives", self.collectives),
                         ("storage", self.storage), ("training", self.training), ("xid", self.xid),
                         ("internode", self.internode_hint)):
            try:
                fn()
            except Exception as exc:  # noqa: BLE001 - one broken step must not stop the others
                doc.setdefault("errors", []).append({"step": name, "error": "{}: {}".format(type(exc).__name__, exc)[:300]})
                say("  ! " + m("step {} failed: {}", "步骤 {} 出错：{}").format(name, exc))
        for cid in self.wanted:  # anything the kit lists that no step could judge
            if not any(c["id"] == cid for c in doc["checks"]):
                self.record(judge.verdict(cid, "skipped", "Skipped: this probe has no test for it.",
                                          "已跳过：本探针没有对应测试。"))
        doc["finished_at"], doc["complete"] = now(), True
        self.save()
        say("")
        say(self.progress.summary())
        say(m("Results: {}  — import them in gpudesk (File ▸ Import kit results, or `gpudesk kit import`).",
              "结果：{}  —— 在 gpudesk 中导入（文件 ▸ 导入验收结果，或 `gpudesk kit import`）。").format(a.out))
        return 1 if self.progress.counts.get("fail") else 0

    def host(self):
        inv, e = self.doc["inventory"], self.expect
        step(m("host: CPU, memory, disks", "主机：CPU、内存、磁盘"))
        inv.update({"cpu": inventory.cpu(), "memory": inventory.memory(), "disks": inventory.disks(),
                    "filesystems": inventory.filesystems()})
        self.record(judge.cpu_as_ordered(inv["cpu"], e))
        self.record(judge.host_ram(inv["memory"], e))

    def gpus(self):
        doc, e, inv = self.doc, self.expect, self.doc["inventory"]
        self.smi = smi = find_smi()
        no_gpu = None
        if smi is None:
            no_gpu = ("nvidia-smi is not installed or not on PATH (no NVIDIA driver on this machine)",
                      "未安装 nvidia-smi 或不在 PATH 中（本机没有 NVIDIA 驱动）")
            self.missing("nvidia-smi", "nvidia-smi not found: no NVIDIA GPU driver here; every GPU check is skipped.",
                         "未找到 nvidia-smi：本机没有 NVIDIA GPU 驱动；所有 GPU 检查均跳过。")
            gpu = {"gpus": [], "driver_version": None, "cuda_version": None, "topology": None, "error": no_gpu[0]}
        else:
            step(m("GPUs: nvidia-smi --query-gpu, -q, topo -m", "GPU：nvidia-smi --query-gpu、-q、topo -m"))
            gpu = inventory.gpu_inventory(smi)
            doc["raw"] = gpu.pop("raw", {})
            if gpu.get("error") or not gpu["gpus"]:
                no_gpu = ("nvidia-smi failed: {}".format(gpu.get("error") or "no GPU listed"),
                          "nvidia-smi 运行失败：{}".format(gpu.get("error") or "未列出 GPU"))
                self.missing("gpu", "nvidia-smi found no usable GPU: " + (gpu.get("error") or "none listed"),
                             "nvidia-smi 未找到可用 GPU：" + (gpu.get("error") or "未列出"))
        inv["gpu"] = gpu
        self.no_gpu, self.gpu_list = no_gpu, gpu["gpus"]
        gpus = gpu["gpus"]
        self.record(judge.gpu_inventory(gpus, e, missing=no_gpu))
        self.record(judge.driver_branch(gpu.get("driver_version"), gpu.get("cuda_version"), e, missing=no_gpu))
        torch = inventory.torch_info() if not self.args.no_torch else {"installed": False, "error": "--no-torch"}
        inv["torch"] = self.torch = torch
        if not torch.get("installed"):
            self.missing("torch", "PyTorch not installed: the all_reduce and training tests are skipped.",
                         "未安装 PyTorch：all_reduce 与训练测试均跳过。")
        elif not torch.get("available"):
            self.missing("cuda", "PyTorch cannot use CUDA here: the all_reduce and training tests are skipped.",
                         "PyTorch 在此无法使用 CUDA：all_reduce 与训练测试均跳过。")
        self.record(judge.cuda_pytorch(torch, gpu.get("cuda_version"), e))
        self.record(judge.ecc_health(gpus, e, missing=no_gpu))
        self.record(judge.nvlink_topology(gpu.get("topology"), e, missing=no_gpu))
        self.record(judge.pcie_topology(gpus, gpu.get("topology"), e, missing=no_gpu))
        self.record(judge.rack_power(gpus, e, missing=no_gpu))

    def xid(self):
        step(m("kernel log: Xid errors", "内核日志：Xid 错误"))
        self.doc["xid"] = inventory.kernel_xid()
        self.record(judge.hardware_errors(self.doc["xid"], self.doc.get("burn_in")))

    def collectives(self):
        torch, gpus, no_gpu = self.torch, self.gpu_list, self.no_gpu
        e, n = self.expect, len(gpus)
        kind = "nvlink" if "allreduce-nvlink" in self.wanted else "pcie" if "allreduce-pcie" in self.wanted else None
        if kind is None and "nccl-errors" not in self.wanted:
            return
        result = None
        if no_gpu:
            result = {"skipped": list(no_gpu)}
        elif not (torch.get("installed") and torch.get("available")):
            result = {"skipped": ["needs PyTorch with CUDA", "需要支持 CUDA 的 PyTorch"]}
        elif n < 2:
            result = {"skipped": ["needs 2 or more GPUs, found {}".format(n), "需要 2 张以上 GPU，实际 {} 张".format(n)]}
        else:
            step(m("all_reduce over {} GPUs, 1 MiB … 1 GiB (NCCL)", "{} 张 GPU 的 all_reduce，1 MiB … 1 GiB（NCCL）").format(n))
            from . import bench_torch
            result = bench_torch.allreduce_local(n)
        self.doc["allreduce"] = result
        if kind:
            self.record(judge.allreduce(result, e, kind))
        self.record(judge.nccl_errors(result))

    def storage(self):
        a = self.args
        if not ({"storage-iops", "storage-throughput"} & set(self.wanted)):
            return
        if a.skip_storage:
            st = {"skipped": ["--skip-storage", "--skip-storage"]}
        else:
            size = (256 if a.quick else 1024) * 2**20
            secs = 5 if a.quick else 15
            step(m("storage in {} (fio if installed, else Python)", "存储测试目录 {}（优先 fio，否则 Python）").format(
                os.path.abspath(a.storage_dir)))
            if not shutil.which("fio"):
                self.missing("fio", "fio not installed: storage measured with the Python fallback.",
                             "未安装 fio：用 Python 备用方法测量存储。")
            st = storage.run_storage(a.storage_dir, size, secs, progress=lambda s: step(s))
        self.doc["storage"] = st
        self.record(judge.storage_iops(st, self.expect))
        self.record(judge.storage_throughput(st, self.expect))

    def training(self):
        smi, torch, gpus, no_gpu = self.smi, self.torch, self.gpu_list, self.no_gpu
        a, e, doc = self.args, self.expect, self.doc
        cfg = dict(e.get("train") or {})
        can = (not no_gpu and torch.get("installed") and torch.get("available") and cfg and not a.skip_train)
        under_load = False
        if can:
            from . import bench_torch
            free = min((g.get("memory_total_mib") or 0) - (g.get("memory_used_mib") or 0) for g in gpus) * 2**20
            cfg["layers"] = bench_torch.layers_that_fit(cfg, free)
            secs = 10 if a.quick else 30
            step(m("synthetic training run on {} GPU(s), {} layer(s), {} s", "在 {} 张 GPU 上合成训练，{} 层，{} 秒").format(
                len(gpus), cfg["layers"], secs))
            sampler = burnin.Sampler(smi, interval=2.0).start()
            try:
                doc["training"] = bench_torch.train_all(cfg, len(gpus), secs)
            finally:
                sampler.stop()
            doc["thermal"] = sampler.summary()
            under_load = True
        else:
            if no_gpu:
                why = list(no_gpu)
            elif a.skip_train:
                why = ["--skip-train", "--skip-train"]
            else:
                why = ["needs PyTorch with CUDA", "需要支持 CUDA 的 PyTorch"]
            doc["training"] = {"skipped": why}
            if smi and not no_gpu:
                idle = burnin.Sampler(smi)
                idle.sample()
                doc["thermal"] = idle.summary()
        self.record(judge.micro_training_run(doc["training"], e))
        if a.burn_in and can:
            hours = a.burn_in
            step(m("burn-in: {:.1f} h on every GPU (Ctrl-C stops it; results so far are kept)",
                   "老化测试：所有 GPU 运行 {:.1f} 小时（Ctrl-C 可停止，已得结果会保留）").format(hours))
            doc["burn_in"] = burnin.burn_in(smi, cfg, len(gpus), hours)
            doc["thermal"] = {k: doc["burn_in"][k] for k in ("gpus", "hottest_c", "spread_c", "seconds")}
        elif a.burn_in:
            self.missing("burn-in", "--burn-in needs GPUs and PyTorch with CUDA: skipped.",
                         "--burn-in 需要 GPU 和支持 CUDA 的 PyTorch：已跳过。")
        samples = (doc.get("thermal") or {}).get("gpus") or {}
        self.record(judge.temperature_throttling(samples, e, under_load, missing=no_gpu))

    def internode_hint(self):
        multi = self.kit.get("multi_node")
        if not multi:
            return
        self.record(judge.verdict(
            "allreduce-internode", "skipped",
            "Skipped here: the cross-node test runs under SLURM (bash slurm/submit.sh) or torchrun on every node "
            "(see README); it writes gpudesk-results-internode.json.",
            "此处跳过：跨节点测试通过 SLURM（bash slurm/submit.sh）或在每个节点上运行 torchrun（见 README），"
            "结果写入 gpudesk-results-internode.json。"))


def internode(kit, args):
    """Under torchrun on every node: the cross-node all_reduce; rank 0 writes the results file."""
    from . import bench_torch
    doc = base_doc(kit, "internode")
    try:
        result = bench_torch.allreduce_torchrun()
    except Exception as exc:  # noqa: BLE001 - a failed rendezvous or NCCL error is the finding
        result = {"error": bench_torch._short(exc), "rank": int(os.environ.get("RANK", "0"))}
    if result.get("rank", 0) != 0:
        return 0
    doc["allreduce"] = result
    v = judge.allreduce(result, kit.get("expect") or {}, "internode")
    doc["checks"] = [v]
    doc["finished_at"], doc["complete"] = now(), True
    write_results(doc, args.out)
    ui.Progress(1).result("all_reduce across nodes", v)
    return 0 if v["status"] != "fail" else 1


def slurm_args(kit):
    """Two whole numbers for slurm/submit.sh: nodes and GPUs per node (validated, never raw text)."""
    multi = kit.get("multi_node") or {}
    nodes, gpn = int(multi.get("nodes") or 1), int(multi.get("gpus_per_node") or 1)
    if not (1 <= nodes <= 4096 and 1 <= gpn <= 64):
        raise SystemExit("gpudesk kit: implausible node layout in kit.json")
    print("{} {}".format(nodes, gpn))
    return 0


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    command = argv.pop(0) if argv and argv[0] in ("run", "internode", "slurm-args") else "run"
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    p = argparse.ArgumentParser(prog="run.sh", description="gpudesk acceptance kit: check delivered GPU servers "
                                "against the plan; writes gpudesk-results.json.")
    p.add_argument("--kit", default=os.path.join(here, "kit.json"), help=argparse.SUPPRESS)
    p.add_argument("--out", default=None, help="results file (default: ./gpudesk-results.json)")
    p.add_argument("--storage-dir", default=".", help="folder on the dataset volume for the storage test (default: .)")
    p.add_argument("--burn-in", type=float, default=None, metavar="HOURS",
                   help="also load every GPU for HOURS, recording temperatures, throttling, ECC and Xid errors")
    p.add_argument("--quick", action="store_true", help="shorter storage and training tests")
    p.add_argument("--skip-storage", action="store_true", help="no storage test")
    p.add_argument("--skip-train", action="store_true", help="no training run")
    p.add_argument("--no-torch", action="store_true", help="do not import PyTorch")
    p.add_argument("--lang", choices=("en", "zh_CN"), help="language of the output (default: the plan's)")
    args = p.parse_args(argv)
    if args.burn_in is not None and not (0 < args.burn_in <= 24 * 14):
        p.error("--burn-in wants hours between 0 and 336")
    kit = load_kit(args.kit)
    ui.set_language(args.lang or kit.get("lang"))
    if command == "slurm-args":
        return slurm_args(kit)
    default = "gpudesk-results-internode.json" if command == "internode" else "gpudesk-results.json"
    args.out = os.path.abspath(args.out or default)
    if command == "internode":
        return internode(kit, args)
    run = Run(kit, args)
    started = time.time()
    try:
        code = run.go()
    except KeyboardInterrupt:
        run.doc["finished_at"] = now()
        run.doc["interrupted"] = True
        run.save()
        say(m("Interrupted: the results so far are in {}.", "已中断：目前的结果保存在 {}。").format(args.out))
        return 130
    say(m("Took {:.0f} s.", "用时 {:.0f} 秒。").format(time.time() - started))
    return code


if __name__ == "__main__":
    sys.exit(main())
