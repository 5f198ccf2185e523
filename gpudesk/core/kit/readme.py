"""The kit's README, in the plan's language: what it checks (the tailored criteria), how to run it
on every node, the multi-node commands, and how the results come back into gpudesk."""

from __future__ import annotations

from gpudesk.core.plan import checklist
from gpudesk.core.i18n import t, use_language
from gpudesk.core.kit.probe import Doc
from gpudesk.core.plan.model import Plan


def torchrun_command(nodes: int, gpus_per_node: int) -> str:
    """The cross-node all_reduce for one node (run on every node with its own --node-rank)."""
    return (
        f"PYTHONPATH=/path/to/kit torchrun --nnodes={int(nodes)} --nproc-per-node={int(gpus_per_node)} "
        "--node-rank=<0…{last}> --master-addr=<IP of node 0> --master-port=29500 "
        "-m gpudesk_probe internode --kit /path/to/kit/kit.json"
    ).format(last=int(nodes) - 1)


def readme(
    plan: Plan, checks: list[Doc], lang: str | None = None, multi: Doc | None = None, name: str = "gpudesk-kit"
) -> str:
    with use_language(lang):
        items = {i.id: i for i in checklist.tailor(plan)}
        title = plan.title or t("untitled plan", "未命名方案")
        lines = [
            t("# gpudesk acceptance kit", "# gpudesk 验收套件"),
            "",
            t("Plan: {title}", "方案：{title}", title=title),
            "",
            t(
                "Run this kit on each delivered server before the rental clock matters. It checks the machine "
                "against the plan's tailored acceptance checklist, prints a pass/fail line per check as it goes, "
                "and writes `gpudesk-results.json`. Bring that file back and import it in gpudesk.",
                "在租期正式计费前，在每台交付的服务器上运行本套件。它按方案定制的验收清单逐项检查机器，"
                "每完成一项打印一行通过/未通过，并写出 `gpudesk-results.json`。把该文件带回并导入 gpudesk。",
            ),
            "",
            t("## Run it", "## 运行"),
            "",
            "```",
            t(
                "unzip {name}.zip        # or copy the folder {name}/ to the server",
                "unzip {name}.zip        # 或把文件夹 {name}/ 复制到服务器",
                name=name,
            ),
            t(
                "cd /data                         # the dataset volume: the storage test runs here",
                "cd /data                         # 数据集所在的卷：存储测试在当前目录进行",
            ),
            f"bash /path/to/{name}/run.sh",
            t(
                "bash /path/to/{name}/run.sh --burn-in 24   # also a 24-hour burn-in of every GPU",
                "bash /path/to/{name}/run.sh --burn-in 24   # 另外对所有 GPU 做 24 小时老化测试",
                name=name,
            ),
            "```",
            "",
            t(
                "Options: `--storage-dir DIR` (storage test folder), `--quick` (shorter tests), `--skip-storage`, "
                "`--skip-train`, `--out FILE`, `--help`.",
                "选项：`--storage-dir DIR`（存储测试目录）、`--quick`（缩短测试）、`--skip-storage`、`--skip-train`、"
                "`--out FILE`、`--help`。",
            ),
            "",
            t("## What it needs and what it does", "## 运行条件与行为"),
            "",
            t(
                "- bash and Python 3.6 or newer; `nvidia-smi` (the NVIDIA driver); PyTorch with CUDA for the all_reduce "
                "and training tests; `fio` for the storage test if installed (otherwise a Python fallback). Whatever "
                "is missing is named, and the checks that need it are skipped; the rest still run.",
                "- 需要 bash 与 Python 3.6 或更新版本；`nvidia-smi`（NVIDIA 驱动）；all_reduce 与训练测试需要支持 CUDA 的 "
                "PyTorch；存储测试优先用 `fio`（没有则用 Python 备用方法）。缺少的组件会被明确列出，依赖它的检查跳过，其余照常运行。",
            ),
            t(
                "- It installs nothing, needs no root (except reading the kernel log for Xid errors: run with sudo for "
                "that), and sends nothing over the network. Only the multi-node test talks, between the cluster's "
                "own nodes.",
                "- 不安装任何软件，无需 root（读取内核日志中的 Xid 错误除外：需要时用 sudo 运行），不向网络发送任何数据。"
                "只有多节点测试会在集群自身节点之间通信。",
            ),
            t(
                "- Every value from the plan is read from `kit.json` by Python; none is part of a shell command.",
                "- 方案中的所有数值都由 Python 从 `kit.json` 读取，不会成为任何 shell 命令的一部分。",
            ),
            t(
                "- The results file holds the hostname, GPU serial numbers and UUIDs, CPU, memory, disks and the "
                "measurements; no dataset content and no credentials.",
                "- 结果文件包含主机名、GPU 序列号与 UUID、CPU、内存、磁盘及测量值；不含数据集内容或任何凭据。",
            ),
            t(
                "- About a minute without PyTorch; a few minutes with it (the all_reduce sweep of 1 MiB to 1 GiB and a "
                "30-second training run on every GPU).",
                "- 无 PyTorch 时约一分钟；有 PyTorch 时几分钟（1 MiB 到 1 GiB 的 all_reduce 扫描，每张 GPU 30 秒训练）。",
            ),
            "",
            t("## What it checks", "## 检查内容"),
            "",
        ]
        for c in checks:
            item = items.get(c["id"])
            if item is None:
                continue
            lines.append(f"- **{item.title}** — {item.criterion}")
        if multi:
            nodes, gpn = int(multi["nodes"]), int(multi["gpus_per_node"])
            lines += [
                "",
                t("## Across nodes ({n} nodes × {g} GPUs)", "## 跨节点（{n} 个节点 × {g} 张 GPU）", n=nodes, g=gpn),
                "",
                t(
                    "Run `run.sh` on every node first. Then test all_reduce across the nodes, with SLURM:",
                    "先在每个节点上运行 `run.sh`。然后测试跨节点 all_reduce，使用 SLURM：",
                ),
                "",
                "```",
                "bash /path/to/kit/slurm/submit.sh [--partition=...]",
                "```",
                "",
                t("or without SLURM, on every node at the same time:", "或不用 SLURM，在每个节点上同时运行："),
                "",
                "```",
                torchrun_command(nodes, gpn),
                "```",
                "",
                t(
                    "Node 0 writes `gpudesk-results-internode.json`; import it like the others.",
                    "0 号节点写出 `gpudesk-results-internode.json`；与其他结果一样导入。",
                ),
            ]
        lines += [
            "",
            t("## Bring the results back", "## 导入结果"),
            "",
            t(
                "In gpudesk: File ▸ Import kit results…, or on the command line:",
                "在 gpudesk 中：文件 ▸ 导入验收结果…，或使用命令行：",
            ),
            "",
            "```",
            "gpudesk kit import gpudesk-results.json --plan PLAN.gpudesk",
            "```",
            "",
            t(
                "The import checks that the file belongs to this plan, fills the checklist items with the measured "
                "evidence, shows measured against planned, and offers to recalibrate the plan's MFU and memory "
                "overhead from the training run.",
                "导入时会核对结果是否属于本方案，把测量证据填入清单各项，显示实测与方案的对比，并可根据训练测试"
                "重新校准方案的 MFU 与显存开销。",
            ),
            "",
        ]
        return "\n".join(lines)
