"""The guide's hardware tiers (entry / advanced / flagship / multi-node) and which one a configuration is.

The guide labels every recommendation with a tier so management sees at a glance what class of
rental is being asked for (domain.md §2):
- entry (入门级): one card (RTX 4090 / L40S class) for single-GPU fine-tuning, few-shot, inference tests;
- advanced (进阶档): up to four NVLink data-centre cards (4× A100 / H100 80G) for 10B-class and multimodal;
- flagship (旗舰级): a full 8-GPU NVSwitch node (8× H100) for 100B-class pre-training;
- multi-node (跨节点集群): more than one node, InfiniBand + SLURM.
The rule (`tier_for`, the only place it is written): the count and the class of card decide, and the
job where one card could be either. Consumer and PCIe cards (RTX 4090, L40S, A100 PCIe) never make a
flagship, however many: eight of them are an advanced rental. One card is entry, except a data-centre
training card (SXM/OAM) carrying a 10B-class full training, which is the advanced tier's work.
"""

from __future__ import annotations

from dataclasses import dataclass

from gpudesk.core.i18n import t
from gpudesk.core.models import GpuSpec, Job, TaskKind, Tier

# The guide's "10B-class" training (its 7B–13B full-parameter class): full training of a model this large
TEN_B_CLASS_PARAMS = 5 * 10**9


@dataclass(frozen=True)
class TierPreset:
    tier: Tier
    max_gpus: int | None  # GPUs in the tier's typical configuration (None: unbounded)
    example_gpus: tuple[str, ...]  # catalogue ids of the cards the guide names
    label_en: str
    label_zh: str
    use_en: str
    use_zh: str
    who_en: str
    who_zh: str

    def label(self) -> str:
        return t(self.label_en, self.label_zh)

    def use(self) -> str:
        return t(self.use_en, self.use_zh)

    def who(self) -> str:
        return t(self.who_en, self.who_zh)


TIER_PRESETS: dict[Tier, TierPreset] = {
    Tier.ENTRY: TierPreset(
        Tier.ENTRY,
        1,
        ("rtx-4090", "rtx-4090d", "l40s"),
        "Entry",
        "入门级",
        "single-GPU fine-tuning, few-shot experiments, inference tests",
        "单卡微调、小样本实验、推理测试",
        "university labs, small-company proofs of concept",
        "高校实验室、小公司概念验证",
    ),
    Tier.ADVANCED: TierPreset(
        Tier.ADVANCED,
        4,
        ("a100-sxm-80gb", "h100-sxm-80gb"),
        "Advanced",
        "进阶档",
        "10B-class model training, multimodal training (4 cards with NVLink)",
        "百亿参数级模型训练、多模态训练（4 卡 NVLink）",
        "mid-size AI companies, outsourced algorithm teams",
        "中型 AI 公司、算法外包团队",
    ),
    Tier.FLAGSHIP: TierPreset(
        Tier.FLAGSHIP,
        8,
        ("h100-sxm-80gb", "h800-sxm-80gb", "h200-sxm-141gb"),
        "Flagship",
        "旗舰级",
        "100B-class pre-training on a full 8-GPU NVSwitch node",
        "千亿参数级预训练，满配 8 卡 NVSwitch 节点",
        "model developers, research institutes",
        "大模型研发团队、科研机构",
    ),
    Tier.MULTI_NODE: TierPreset(
        Tier.MULTI_NODE,
        None,
        ("h100-sxm-80gb", "h800-sxm-80gb"),
        "Multi-node cluster",
        "跨节点集群",
        "beyond one node: InfiniBand networking and SLURM scheduling",
        "超出单节点：InfiniBand 组网与 SLURM 调度",
        "large pre-training projects",
        "大规模预训练项目",
    ),
}


def training_card(gpu: GpuSpec) -> bool:
    """A data-centre training card: SXM/OAM modules on an NVLink (or vendor-link) baseboard."""
    return (gpu.form_factor or "").lower() in ("sxm", "oam") and not gpu.consumer


def tier_for(
    gpus: int,
    nodes: int = 1,
    *,
    gpu: GpuSpec | None = None,
    linked: bool = True,
    job: Job | None = None,
    params: int | None = None,
) -> Tier:
    """The guide's tier for `gpus` GPUs over `nodes` nodes. With `gpu` the class of card counts (consumer
    and PCIe cards stop at advanced; `linked`: all the option's GPUs reach each other over NVLink); with
    `job` and its parameter count, a single training card doing 10B-class full training is advanced."""
    if gpus < 1 or nodes < 1:
        raise ValueError("gpus and nodes must be at least 1")
    if nodes > 1:
        return Tier.MULTI_NODE
    dc = gpu is None or training_card(gpu)
    if gpus == 1:
        big = job is not None and job.task in (TaskKind.FULL, TaskKind.PRETRAIN) and (params or 0) >= TEN_B_CLASS_PARAMS
        return Tier.ADVANCED if (dc and gpu is not None and big) else Tier.ENTRY
    if gpus <= 4 or not dc or not linked:
        return Tier.ADVANCED
    return Tier.FLAGSHIP


def tier_label(tier: Tier | str) -> str:
    """The tier's name in the current language (e.g. "Entry" / "入门级")."""
    return TIER_PRESETS[Tier(tier)].label()
