"""The recommended configuration as the summary lists it: GPU, count and nodes (a share of a larger server said
as such), interconnect and network, the host to order (RAM, NVMe, CPU), provider, billing, the parallel layout,
framework, memory per GPU and the guide's tier."""

from __future__ import annotations

from typing import Any

from gpudesk.core import units
from gpudesk.core.engine.architecture import model_name
from gpudesk.core.i18n import t
from gpudesk.core.models import Option
from gpudesk.core.plan.host import host_cpu, host_facts
from gpudesk.core.report.context import ReportContext


def _text(value: object) -> str | None:
    return value if isinstance(value, str) else None


class ConfigurationRows(ReportContext):
    def _node_text(self, o: Option) -> str:
        """ "1 node × 8 GPUs — 8× H800 …"; a share of a larger server is said as such ("1 GPU of a shared 8-GPU
        server"), never a 1-GPU rental named after an 8-GPU box."""
        server = self.row("server", o.server)
        whole = getattr(server, "gpus_per_node", None) if server is not None else None
        name = self._server_name(server) if server is not None else None
        if whole and o.nodes <= 1 and o.gpus_per_node < whole:
            return t(
                "{g} GPU{s} of a shared {w}-GPU server ({name})",
                "共享 {w} 卡服务器中的 {g} 卡（{name}）",
                g=o.gpus_per_node,
                s="" if o.gpus_per_node == 1 else "s",
                w=whole,
                name=name,
            )
        text = t(
            "{n} node{ns} × {g} GPU{gs}",
            "{n} 个节点 × 每节点 {g} 卡",
            n=o.nodes,
            ns="" if o.nodes == 1 else "s",
            g=o.gpus_per_node,
            gs="" if o.gpus_per_node == 1 else "s",
        )
        return text + (f" — {name}" if name else "")

    def _server_name(self, server: Any) -> str:
        zh: str | None = getattr(server, "name_zh", None)
        name: str = server.name
        return (zh or name) if self.lang == "zh_CN" else name

    def _config_rows(self, o: Option) -> list[tuple[str, str]]:
        from gpudesk.core.engine.frameworks import model_states_of, profile_of

        network = t("not needed (single node)", "不需要（单节点）") if o.nodes <= 1 else (o.network or units.unknown())
        lay = o.layout
        degrees = {"tp": lay.tp, "pp": lay.pp, "dp": lay.dp}  # the parallel degrees both wordings name
        if self.job.task.trains:
            layout = t(
                "TP {tp} × PP {pp} × DP {dp}, ZeRO stage {z}, recompute: {rc}, offload: {off}",
                "张量并行 {tp} × 流水线并行 {pp} × 数据并行 {dp}，ZeRO {z}，{rc}，卸载：{off}",
                **degrees,
                z=lay.zero,
                rc=units.label("recompute", lay.recompute),
                off=units.label("offload", lay.offload),
            )
        else:
            layout = t(
                "TP {tp} × PP {pp} per model copy, {dp} cop{ies} serving in parallel",
                "每份模型张量并行 {tp} × 流水线并行 {pp}，{dp} 份副本并行服务",
                **degrees,
                ies="y" if lay.dp == 1 else "ies",
            )
        billing = o.cost.cheaper_billing or self.plan.constraints.billing
        provider = self._rent_from(o.provider) or t("not chosen (priced by the user)", "未指定（用户自定价格）")
        rows = [
            (t("GPU", "GPU 型号"), f"{units.gpu_name(o)} ({units.marketed(o.memory.gpu_capacity_bytes)})"),
            (t("GPU count", "GPU 数量"), str(o.gpus)),
            (t("Nodes", "节点"), self._node_text(o)),
            (
                t("GPU interconnect", "卡间互联"),
                units.interconnect(o.interconnect) if o.interconnect else units.unknown(),
            ),
            (t("Network between nodes", "节点间网络"), network),
            *self._host_rows(o),
            (t("Provider and region", "供应商与地域"), provider + (f" / {o.region}" if o.region else "")),
            (t("Billing mode", "计费方式"), units.label("billing", billing)),
            (t("Parallel layout", "并行方式"), layout),
        ]
        if self.job.task.trains:
            per = o.memory.details.get("state_bytes_per_param")
            rows.append(
                (
                    t("Training framework", "训练框架"),
                    t(
                        "{f}; model states {m}: {b} B per trained parameter",
                        "{f}；模型状态为{m}：每个可训练参数 {b} 字节",
                        f=profile_of(self.job).label(),
                        m=units.label("model_states", model_states_of(self.job)),
                        b=f"{per:g}" if per is not None else units.unknown(),
                    ),
                )
            )
        rows += [
            (
                t("Memory per GPU", "单卡显存占用"),
                t(
                    "{need} of {usable} usable — {fits}",
                    "需要 {need}，可用 {usable} — {fits}",
                    need=units.memory(o.memory.per_gpu_bytes.total),
                    usable=units.memory(o.memory.usable_bytes),
                    fits=t("fits", "装得下") if o.memory.fits else t("DOES NOT FIT", "装不下"),
                ),
            ),
            (t("Tier", "档次"), self._tier_text(o)),
        ]
        return rows

    def _host_rows(self, o: Option) -> list[tuple[str, str]]:
        """What to order for each node's host: RAM (GiB, as DRAM is sold), local NVMe, CPU (Z3)."""
        h = host_facts(o)
        ram = (
            t(
                "{order} per node (the job needs ≥ {need})",
                "每节点 {order}（本任务至少需要 {need}）",
                order=units.host_ram(h.ram_order_bytes),
                need=units.host_ram(h.ram_need_bytes),
            )
            if h.ram_need_bytes
            else units.unknown()
        )
        if h.ram_server_bytes:
            ram += t("; the server type has {x}", "；该服务器型号配置 {x}", x=units.host_ram(h.ram_server_bytes))
        what = (
            t("data set, base weights and {k} checkpoints", "数据集、基础权重和 {k} 个检查点", k=h.checkpoints)
            if self.job.task.trains
            else t("the model's weights", "模型权重")
        )
        nvme = (
            t("≥ {x} per node ({what})", "每节点 ≥ {x}（{what}）", x=units.data_size(h.nvme_need_bytes), what=what)
            if h.nvme_need_bytes
            else units.unknown()
        )
        return [
            (t("Host RAM to order", "需订购的内存"), ram),
            (t("Local NVMe", "本地 NVMe"), nvme),
            (t("CPU", "CPU"), host_cpu(_text(o.host.get("cpu")))),
        ]

    def _tier_text(self, o: Option) -> str:
        """The guide's tier, described by this plan's own facts (the tier rule is core.search.tiers')."""
        link = units.interconnect(o.interconnect, short=True)
        where = (
            t("one {gpu}", "1 张 {gpu}", gpu=units.gpu_name(o))
            if o.gpus == 1
            else t(
                "{n}× {gpu} in one node ({link})",
                "单节点 {n} 张 {gpu}（{link}）",
                n=o.gpus,
                gpu=units.gpu_name(o),
                link=link,
            )
            if o.nodes <= 1
            else t(
                "{n}× {gpu} over {k} nodes ({net})",
                "{n} 张 {gpu}，分布在 {k} 个节点（{net}）",
                n=o.gpus,
                gpu=units.gpu_name(o),
                k=o.nodes,
                net=o.network or t("network unknown", "网络未知"),
            )
        )
        return t(
            "{tier} — {where}, for {task} of {model}",
            "{tier} — {where}，用于 {model} {task}",
            tier=units.label("tier", o.tier),
            where=where,
            task=units.label("task", self.job.task).lower()
            if self.lang == "en"
            else units.label("task", self.job.task),
            model=model_name(self.job.model),
        )
