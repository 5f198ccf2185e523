<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>CataloguePage</name>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="130" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="145" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="160" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="174" />
            <source>Id</source>
            <translation>编号</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="131" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="146" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="161" />
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="132" />
            <source>Memory (GiB)</source>
            <translation>显存 (GiB)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="133" />
            <source>Bandwidth (GB/s)</source>
            <translation>带宽 (GB/s)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="134" />
            <source>BF16 dense (TFLOPS)</source>
            <translation>BF16 稠密算力 (TFLOPS)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="135" />
            <source>FP8 dense (TFLOPS)</source>
            <translation>FP8 稠密算力 (TFLOPS)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="136" />
            <source>NVLink (GB/s)</source>
            <translation>NVLink (GB/s)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="137" />
            <source>PCIe gen</source>
            <translation>PCIe 代数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="138" />
            <source>TDP (W)</source>
            <translation>功耗 TDP (W)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="139" />
            <source>Market</source>
            <translation>市场</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="140" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="170" />
            <source>Checked</source>
            <translation>核对日期</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="141" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="156" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="171" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="185" />
            <source>Source</source>
            <translation>来源</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="147" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="179" />
            <source>GPUs per node</source>
            <translation>每节点 GPU 数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="148" />
            <source>Topology</source>
            <translation>拓扑</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="149" />
            <source>GPU link (GB/s)</source>
            <translation>GPU 互联 (GB/s)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="150" />
            <source>CPU</source>
            <translation>CPU</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="151" />
            <source>Host RAM (GiB)</source>
            <translation>主机内存 (GiB)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="152" />
            <source>NVMe (TB)</source>
            <translation>NVMe (TB)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="153" />
            <source>Network</source>
            <translation>网络</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="154" />
            <source>Network (Gb/s)</source>
            <translation>网络 (Gb/s)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="155" />
            <source>Power (kW)</source>
            <translation>功率 (kW)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="162" />
            <source>Telecom licence</source>
            <translation>增值电信许可证</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="163" />
            <source>ICP filing</source>
            <translation>ICP 备案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="164" />
            <source>Certifications</source>
            <translation>资质认证</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="165" />
            <source>Regions</source>
            <translation>地域</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="166" />
            <source>Own data centres</source>
            <translation>自有机房</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="167" />
            <source>7×24 support</source>
            <translation>7×24 支持</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="168" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="184" />
            <source>Billing</source>
            <translation>计费方式</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="169" />
            <source>Data destruction</source>
            <translation>数据销毁</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="175" />
            <source>Provider</source>
            <translation>服务商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="176" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="177" />
            <source>Node type</source>
            <translation>节点类型</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="178" />
            <source>Region</source>
            <translation>地域</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="180" />
            <source>CNY per GPU-hour</source>
            <translation>元/卡时</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="181" />
            <source>CNY per GPU-month</source>
            <translation>元/卡月</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="182" />
            <source>Price kind</source>
            <translation>价格类型</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="183" />
            <source>Price date</source>
            <translation>价格日期</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="240" />
            <source>Node types</source>
            <translation>节点类型</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="240" />
            <source>Providers</source>
            <translation>服务商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="240" />
            <source>Offers</source>
            <translation>报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="240" />
            <source>GPU models</source>
            <translation>GPU 型号</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="242" />
            <source>Filter rows…</source>
            <translation>筛选条目…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="243" />
            <source>Add…</source>
            <translation>添加…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="244" />
            <source>Add your own row to this table (saved in your user database)</source>
            <translation>向此表添加自己的条目（保存在用户数据库中）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="245" />
            <source>Edit…</source>
            <translation>编辑…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="246" />
            <source>Edit the selected row; a bundled row is saved as your own copy</source>
            <translation>编辑选中的条目；内置条目会另存为您自己的副本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="247" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="324" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="326" />
            <source>Delete</source>
            <translation>删除</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="248" />
            <source>Delete one of your own rows (bundled rows cannot be deleted)</source>
            <translation>删除您自己的条目（内置条目不能删除）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="249" />
            <source>Import price sheet…</source>
            <translation>导入价格表…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="250" />
            <source>Read offers and providers from a CSV or JSON price sheet</source>
            <translation>从 CSV 或 JSON 价格表读取报价和服务商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="258" />
            <source>Catalogue dated %1. Bold rows are your own entries; grey italic “unknown” means the fact is not known, never zero. Prices in CNY; memory in GiB (2³⁰ bytes).</source>
            <translation>目录日期 %1。粗体行是您自己的条目；灰色斜体“未知”表示该信息未知，而不是零。价格单位为人民币元；显存单位为 GiB（2³⁰ 字节）。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="311" />
            <source>Add to the catalogue</source>
            <translation>添加到目录</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="316" />
            <source>Edit</source>
            <translation>编辑</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="316" />
            <source>Select a row first.</source>
            <translation>请先选择一行。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="319" />
            <source>Edit %1</source>
            <translation>编辑 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="324" />
            <source>Only your own (bold) rows can be deleted.</source>
            <translation>只能删除您自己的（粗体）条目。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="326" />
            <source>Delete %1 from your catalogue?</source>
            <translation>从您的目录中删除 %1？</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="335" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="346" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="351" />
            <source>Import price sheet</source>
            <translation>导入价格表</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="336" />
            <source>Price sheets (*.csv *.json)</source>
            <translation>价格表 (*.csv *.json)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="352" />
            <source>%1 offers and %2 providers imported.</source>
            <translation>已导入 %1 条报价和 %2 家服务商。</translation>
        </message>
    </context>
    <context>
        <name>ChecklistPage</name>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="155" />
            <source>Phase:</source>
            <translation>阶段：</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="156" />
            <source>Show:</source>
            <translation>显示：</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="157" />
            <source>All phases</source>
            <translation>全部阶段</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="160" />
            <source>All items</source>
            <translation>全部条目</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="160" />
            <source>Still to do (open or failed)</source>
            <translation>待处理（待检查或未通过）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="160" />
            <source>Failed</source>
            <translation>未通过</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="161" />
            <source>Open</source>
            <translation>待检查</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="161" />
            <source>Passed</source>
            <translation>已通过</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="161" />
            <source>Waived</source>
            <translation>已豁免</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="161" />
            <source>Not applicable</source>
            <translation>不适用</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="164" />
            <source>Why</source>
            <translation>原因</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="165" />
            <source>How</source>
            <translation>方法</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="166" />
            <source>Pass if</source>
            <translation>通过标准</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="167" />
            <source>Notes</source>
            <translation>备注</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="168" />
            <source>Evidence</source>
            <translation>证据</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="169" />
            <source>command output, file path, ticket number…</source>
            <translation>命令输出、文件路径、工单号…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="170" />
            <source>&amp;Pass (P)</source>
            <translation>通过(&amp;P)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="170" />
            <source>&amp;Fail (F)</source>
            <translation>未通过(&amp;F)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="170" />
            <source>&amp;N/A (N)</source>
            <translation>不适用(&amp;N)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="171" />
            <source>&amp;Waive… (W)</source>
            <translation>豁免(&amp;W)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="171" />
            <source>Re&amp;open (O)</source>
            <translation>重新打开(&amp;O)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="174" />
            <source>Save notes</source>
            <translation>保存备注</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="175" />
            <source>Keys on the list: P pass, F fail, N not applicable, W waive (asks why), O reopen. Results are saved in the plan.</source>
            <translation>列表快捷键：P 通过，F 未通过，N 不适用，W 豁免（需填写原因），O 重新打开。结果保存在方案中。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="229" />
            <source>%1 of %2 done</source>
            <translation>已完成 %1 / %2</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="230" />
            <source>%1 failed</source>
            <translation>%1 项未通过</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="239" />
            <source>Select an item to see why it matters and how to check it.</source>
            <translation>选择一个条目，查看其原因和检查方法。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="262" />
            <source>Waive item</source>
            <translation>豁免条目</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="263" />
            <source>Why is “%1” waived?</source>
            <translation>为什么豁免“%1”？</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="270" />
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="284" />
            <source>Checklist</source>
            <translation>检查清单</translation>
        </message>
    </context>
    <context>
        <name>JobForm</name>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="229" />
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="235" />
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="230" />
            <source>Job</source>
            <translation>任务</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="231" />
            <source>Constraints</source>
            <translation>约束条件</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="232" />
            <source>Import Hugging Face config.json…</source>
            <translation>导入 Hugging Face config.json…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="233" />
            <source>Read the architecture from a model's config.json (or drop the file on the window)</source>
            <translation>从模型的 config.json 读取架构（也可把文件拖到窗口上）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="235" />
            <source>A published model preset, grouped by the guide's task classes</source>
            <translation>已发布模型的预设，按指南的任务类别分组</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="236" />
            <source>Parameters</source>
            <translation>参数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="236" />
            <source>Bare parameter count for a custom model, e.g. 7B, 350M, 1.3e9</source>
            <translation>自定义模型的参数量，例如 7B、350M、1.3e9</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="237" />
            <source>Task</source>
            <translation>任务类型</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="237" />
            <source>What the GPUs will do: pre-train, fine-tune (full, LoRA, QLoRA) or serve</source>
            <translation>GPU 的用途：预训练、微调（全参数、LoRA、QLoRA）或推理服务</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="238" />
            <source>Precision</source>
            <translation>精度</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="238" />
            <source>Number format for training; BF16 mixed precision is the norm, FP32 doubles memory</source>
            <translation>训练的数值格式；通常用 BF16 混合精度，FP32 显存翻倍</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="239" />
            <source>Optimizer</source>
            <translation>优化器</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="239" />
            <source>AdamW keeps 12 bytes of state per trained parameter; 8-bit Adam and SGD keep less</source>
            <translation>AdamW 每个训练参数保存 12 字节状态；8 位 Adam 和 SGD 更少</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="240" />
            <source>Sequence length</source>
            <translation>序列长度</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="240" />
            <source>Tokens per training sample (context length)</source>
            <translation>每个训练样本的 token 数（上下文长度）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="241" />
            <source>Micro-batch</source>
            <translation>微批大小</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="241" />
            <source>Samples each GPU processes at once; activations grow with it</source>
            <translation>每张 GPU 一次处理的样本数；激活值随之增长</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="242" />
            <source>Gradient accumulation</source>
            <translation>梯度累积</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="242" />
            <source>Micro-batches summed before each optimizer step; raises the batch without memory</source>
            <translation>每次优化器更新前累加的微批数；增大批量而不增加显存</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="243" />
            <source>Recomputation</source>
            <translation>激活重计算</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="243" />
            <source>Recompute activations in the backward pass: saves memory, costs about a third more compute</source>
            <translation>反向传播时重新计算激活：节省显存，计算量约多三分之一</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="244" />
            <source>Flash attention</source>
            <translation>Flash Attention</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="244" />
            <source>Fused attention kernel that never stores the attention-score matrix</source>
            <translation>融合注意力内核，不保存注意力分数矩阵</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="245" />
            <source>LoRA rank</source>
            <translation>LoRA 秩</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="245" />
            <source>Rank r of the low-rank adapters; trainable parameters grow linearly with it</source>
            <translation>低秩适配器的秩 r；可训练参数随之线性增长</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="246" />
            <source>Dataset tokens</source>
            <translation>数据集 token 数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="246" />
            <source>Tokens in the training set for one pass, e.g. 2B</source>
            <translation>训练集一遍的 token 数，例如 2B</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="247" />
            <source>Epochs</source>
            <translation>轮数 (epoch)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="247" />
            <source>Passes over the dataset; total tokens = dataset tokens × epochs</source>
            <translation>遍历数据集的次数；总 token 数 = 数据集 token 数 × 轮数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="248" />
            <source>Serving concurrency</source>
            <translation>推理并发数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="248" />
            <source>Sequences served at the same time; each needs its own KV cache</source>
            <translation>同时服务的序列数；每个序列都需要自己的 KV 缓存</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="249" />
            <source>Memory headroom</source>
            <translation>显存余量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="249" />
            <source>Share of each GPU's memory kept free for fragmentation and spikes</source>
            <translation>每张 GPU 显存中预留给碎片和峰值的比例</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="250" />
            <source>Objective</source>
            <translation>优化目标</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="250" />
            <source>What to optimise when ranking configurations</source>
            <translation>对配置排序时优化的目标</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="251" />
            <source>Budget (CNY)</source>
            <translation>预算（元）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="251" />
            <source>Most you will spend on the run, in yuan; empty = no limit</source>
            <translation>本次训练最多花费（元）；留空表示不限</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="252" />
            <source>Deadline (days)</source>
            <translation>工期（天）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="252" />
            <source>Longest the run may take, in days; empty = no limit</source>
            <translation>训练最多可用的天数；留空表示不限</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="253" />
            <source>Billing</source>
            <translation>计费方式</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="253" />
            <source>Rent by the hour or by the month; default: whichever is cheaper</source>
            <translation>按小时或按月租用；默认取较便宜者</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="254" />
            <source>Region</source>
            <translation>地域</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="254" />
            <source>Only offers in this region</source>
            <translation>只看该地域的报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="255" />
            <source>Providers</source>
            <translation>服务商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="255" />
            <source>Only these providers; none ticked = all</source>
            <translation>只看这些服务商；都不勾选表示全部</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="256" />
            <source>Most GPUs</source>
            <translation>最多 GPU 数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="256" />
            <source>Largest GPU count to consider</source>
            <translation>考虑的最大 GPU 数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="266" />
            <source>Whichever is cheaper</source>
            <translation>取较便宜者</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="269" />
            <source>Any region</source>
            <translation>任意地域</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="270" />
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="271" />
            <source>no limit</source>
            <translation>不限</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="286" />
            <source>Custom: parameter count</source>
            <translation>自定义：参数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="288" />
            <source>Imported: %1</source>
            <translation>已导入：%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="382" />
            <source>cannot read %1: %2</source>
            <translation>无法读取 %1：%2</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="384" />
            <source>%1 is not valid JSON: %2</source>
            <translation>%1 不是有效的 JSON：%2</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="386" />
            <source>%1 is not a config.json object</source>
            <translation>%1 不是 config.json 对象</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="484" />
            <source>required</source>
            <translation>必填</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="494" />
            <source>must be more than zero</source>
            <translation>必须大于零</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="504" />
            <source>too small for a neural network: give the count, e.g. 7B</source>
            <translation>对神经网络来说太小：请填写参数量，例如 7B</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="506" />
            <source>more than 100 trillion parameters: check the unit</source>
            <translation>超过 100 万亿参数：请检查单位</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="510" />
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="572" />
            <source>pick a model</source>
            <translation>请选择模型</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="516" />
            <source>Total training tokens: %1</source>
            <translation>训练总 token 数：%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="519" />
            <source>No dataset size: training time and cost are not estimated</source>
            <translation>未填写数据集大小：不估算训练时间和成本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="526" />
            <source>QLoRA trains adapters in 16-bit: pick BF16 or FP16</source>
            <translation>QLoRA 以 16 位训练适配器：请选 BF16 或 FP16</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="542" />
            <source>%1 layers</source>
            <translation>%1 层</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="543" />
            <source>hidden %1</source>
            <translation>隐藏维度 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="545" />
            <source>%1 heads</source>
            <translation>%1 个注意力头</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="547" />
            <source>%1 KV heads</source>
            <translation>%1 个 KV 头</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="549" />
            <source>%1 experts</source>
            <translation>%1 个专家</translation>
        </message>
    </context>
    <context>
        <name>Labels</name>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="13" />
            <source>Pre-training</source>
            <translation>预训练</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="14" />
            <source>Full fine-tuning</source>
            <translation>全参数微调</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="15" />
            <source>LoRA fine-tuning</source>
            <translation>LoRA 微调</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="16" />
            <source>QLoRA fine-tuning (4-bit base)</source>
            <translation>QLoRA 微调（4 位基座）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="17" />
            <source>Inference / serving</source>
            <translation>推理 / 服务</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="18" />
            <source>Training + serving</source>
            <translation>训练 + 推理服务</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="20" />
            <source>FP32 (full precision)</source>
            <translation>FP32（全精度）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="21" />
            <source>BF16 mixed precision</source>
            <translation>BF16 混合精度</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="22" />
            <source>FP16 mixed precision</source>
            <translation>FP16 混合精度</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="23" />
            <source>FP8 (Hopper and newer)</source>
            <translation>FP8（Hopper 及更新架构）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="25" />
            <source>AdamW</source>
            <translation>AdamW</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="26" />
            <source>AdamW 8-bit</source>
            <translation>AdamW 8 位</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="27" />
            <source>SGD with momentum</source>
            <translation>带动量的 SGD</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="28" />
            <source>Adafactor</source>
            <translation>Adafactor</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="30" />
            <source>None</source>
            <translation>无</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="31" />
            <source>Selective</source>
            <translation>选择性</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="34" />
            <source>Cheapest</source>
            <translation>成本最低</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="35" />
            <source>Fastest</source>
            <translation>最快</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="36" />
            <source>Cheapest that meets the deadline</source>
            <translation>满足工期的最低成本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="37" />
            <source>Fastest within the budget</source>
            <translation>预算内最快</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="39" />
            <source>Hourly</source>
            <translation>按小时</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="40" />
            <source>Monthly</source>
            <translation>按月</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="41" />
            <source>Daily</source>
            <translation>按天</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="42" />
            <source>Yearly</source>
            <translation>按年</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="43" />
            <source>Reserved</source>
            <translation>预留</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="44" />
            <source>Spot</source>
            <translation>竞价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="46" />
            <source>Entry</source>
            <translation>入门级</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="47" />
            <source>Advanced</source>
            <translation>进阶级</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="48" />
            <source>Flagship</source>
            <translation>旗舰级</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="49" />
            <source>Multi-node cluster</source>
            <translation>跨节点集群</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="51" />
            <source>Weights</source>
            <translation>权重</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="52" />
            <source>Gradients</source>
            <translation>梯度</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="53" />
            <source>Optimizer states</source>
            <translation>优化器状态</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="54" />
            <source>Activations</source>
            <translation>激活值</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="55" />
            <source>KV cache</source>
            <translation>KV 缓存</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="56" />
            <source>Overhead</source>
            <translation>其他开销</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="58" />
            <source>Quoted</source>
            <translation>报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="59" />
            <source>List price</source>
            <translation>目录价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="60" />
            <source>Estimate</source>
            <translation>估计价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="62" />
            <source>Open</source>
            <translation>待检查</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="63" />
            <source>Pass</source>
            <translation>通过</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="64" />
            <source>Fail</source>
            <translation>未通过</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="65" />
            <location filename="../../gpudesk/ui/labels.py" line="66" />
            <source>N/A</source>
            <translation>不适用</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="67" />
            <location filename="../../gpudesk/ui/labels.py" line="68" />
            <source>Waived</source>
            <translation>已豁免</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="70" />
            <source>NVSwitch</source>
            <translation>NVSwitch</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="71" />
            <source>NVLink bridge</source>
            <translation>NVLink 桥接</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="72" />
            <source>PCIe</source>
            <translation>PCIe</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="73" />
            <source>InfiniBand</source>
            <translation>InfiniBand</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="74" />
            <source>RoCE</source>
            <translation>RoCE</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="75" />
            <source>Ethernet</source>
            <translation>以太网</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="77" />
            <source>Info</source>
            <translation>信息</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="78" />
            <source>Warning</source>
            <translation>警告</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="79" />
            <source>Critical</source>
            <translation>严重</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="80" />
            <location filename="../../gpudesk/ui/labels.py" line="89" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="81" />
            <source>yes</source>
            <translation>是</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="82" />
            <source>no</source>
            <translation>否</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="271" />
            <source>&amp;New plan</source>
            <translation>新建方案(&amp;N)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="271" />
            <source>Start a new plan from the default job</source>
            <translation>从默认任务新建方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="272" />
            <source>&amp;Open…</source>
            <translation>打开(&amp;O)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="272" />
            <source>Open a .gpudesk plan file</source>
            <translation>打开 .gpudesk 方案文件</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="273" />
            <source>&amp;Save</source>
            <translation>保存(&amp;S)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="273" />
            <source>Save the plan</source>
            <translation>保存方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="274" />
            <source>Save &amp;As…</source>
            <translation>另存为(&amp;A)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="274" />
            <source>Save the plan under a new name</source>
            <translation>以新名称保存方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="275" />
            <source>&amp;Import config.json…</source>
            <translation>导入 config.json(&amp;I)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="275" />
            <source>Read a Hugging Face model configuration</source>
            <translation>读取 Hugging Face 模型配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="276" />
            <source>Export &amp;PDF…</source>
            <translation>导出 PDF(&amp;P)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="276" />
            <source>Write the plan as a PDF for sign-off</source>
            <translation>将方案导出为 PDF 供审批</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="277" />
            <source>Print pre&amp;view…</source>
            <translation>打印预览(&amp;V)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="277" />
            <source>Preview the plan document and print it</source>
            <translation>预览方案文档并打印</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="278" />
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="278" />
            <source>Close gpudesk</source>
            <translation>关闭 gpudesk</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="279" />
            <source>&amp;Recompute</source>
            <translation>重新计算(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="279" />
            <source>Run the recommender again now</source>
            <translation>立即重新运行推荐</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="280" />
            <source>&amp;About gpudesk</source>
            <translation>关于 gpudesk(&amp;A)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="281" />
            <source>About &amp;Qt</source>
            <translation>关于 &amp;Qt</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="282" />
            <source>&amp;Overview</source>
            <translation>总览(&amp;O)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="283" />
            <source>O&amp;ptions</source>
            <translation>方案(&amp;P)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="284" />
            <source>&amp;Catalogue</source>
            <translation>目录(&amp;C)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="285" />
            <source>Chec&amp;klist</source>
            <translation>检查清单(&amp;K)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="291" />
            <source>&amp;Job form</source>
            <translation>任务表单(&amp;J)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="292" />
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="293" />
            <source>Open &amp;Recent</source>
            <translation>最近打开(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="294" />
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="295" />
            <source>&amp;Language</source>
            <translation>语言(&amp;L)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="296" />
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="297" />
            <source>Main toolbar</source>
            <translation>主工具栏</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="298" />
            <source>Job</source>
            <translation>任务</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="299" />
            <source>Overview</source>
            <translation>总览</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="299" />
            <source>Options</source>
            <translation>方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="299" />
            <source>Catalogue</source>
            <translation>目录</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="299" />
            <source>Checklist</source>
            <translation>检查清单</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="343" />
            <source>Import Hugging Face config.json</source>
            <translation>导入 Hugging Face config.json</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="344" />
            <source>Model configuration (*.json)</source>
            <translation>模型配置 (*.json)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="352" />
            <source>Import config.json</source>
            <translation>导入 config.json</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="354" />
            <source>Imported %1</source>
            <translation>已导入 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="399" />
            <source>computing…</source>
            <translation>计算中…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="429" />
            <source>No configuration fits within the constraints.</source>
            <translation>在约束条件内没有可行的配置。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="511" />
            <source>No configuration chosen yet</source>
            <translation>尚未选择配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="512" />
            <source>Fits</source>
            <translation>可以放下</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="512" />
            <source>Does not fit</source>
            <translation>显存不足</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="515" />
            <source>%1 with trial margin</source>
            <translation>含试错余量 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="568" />
            <source>gpudesk plan (*.gpudesk)</source>
            <translation>gpudesk 方案 (*.gpudesk)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="579" />
            <location filename="../../gpudesk/ui/main_window.py" line="617" />
            <source>Untitled plan</source>
            <translation>未命名方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="588" />
            <source>Unsaved changes</source>
            <translation>未保存的修改</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="589" />
            <source>The plan has unsaved changes. Save them first?</source>
            <translation>方案有未保存的修改。先保存吗？</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="615" />
            <location filename="../../gpudesk/ui/main_window.py" line="627" />
            <source>Recover unsaved plan</source>
            <translation>恢复未保存的方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="616" />
            <source>gpudesk closed without saving “%1” (autosaved %2). Recover it?</source>
            <translation>gpudesk 上次未保存就关闭了“%1”（自动保存于 %2）。要恢复吗？</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="642" />
            <source>Autosave failed: %1</source>
            <translation>自动保存失败：%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="666" />
            <location filename="../../gpudesk/ui/main_window.py" line="678" />
            <source>Open plan</source>
            <translation>打开方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="715" />
            <source>Save plan as</source>
            <translation>方案另存为</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="726" />
            <location filename="../../gpudesk/ui/main_window.py" line="732" />
            <source>Save plan</source>
            <translation>保存方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="726" />
            <source>Nothing to save yet: the job is still being computed.</source>
            <translation>暂无可保存的内容：任务仍在计算中。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="741" />
            <source>Saved %1</source>
            <translation>已保存 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="747" />
            <location filename="../../gpudesk/ui/main_window.py" line="755" />
            <location filename="../../gpudesk/ui/main_window.py" line="762" />
            <source>Print preview</source>
            <translation>打印预览</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="769" />
            <location filename="../../gpudesk/ui/main_window.py" line="777" />
            <location filename="../../gpudesk/ui/main_window.py" line="781" />
            <location filename="../../gpudesk/ui/main_window.py" line="787" />
            <source>Export PDF</source>
            <translation>导出 PDF</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="747" />
            <location filename="../../gpudesk/ui/main_window.py" line="769" />
            <source>Choose a configuration first.</source>
            <translation>请先选择一种配置。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="777" />
            <source>PDF export is not available in this build.</source>
            <translation>此版本不支持导出 PDF。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="781" />
            <source>PDF document (*.pdf)</source>
            <translation>PDF 文档 (*.pdf)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="789" />
            <source>Wrote %1</source>
            <translation>已写入 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="813" />
            <source>(none)</source>
            <translation>（无）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="844" />
            <source>About gpudesk</source>
            <translation>关于 gpudesk</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="847" />
            <source>Offline planning assistant for renting GPU servers for AI training.</source>
            <translation>离线的 AI 训练 GPU 服务器租用规划助手。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="848" />
            <source>Catalogue dated %1 (content %2).</source>
            <translation>目录日期 %1（内容 %2）。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="848" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="850" />
            <source>Chinese text uses the bundled WenQuanYi Micro Hei font (Apache-2.0).</source>
            <translation>中文使用随附的文泉驿微米黑字体（Apache-2.0）。</translation>
        </message>
    </context>
    <context>
        <name>OptionsPage</name>
        <message>
            <location filename="../../gpudesk/ui/pages/options_page.py" line="73" />
            <source>&amp;Filter:</source>
            <translation>筛选(&amp;F)：</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/options_page.py" line="74" />
            <source>GPU, provider, region, tier…</source>
            <translation>GPU、服务商、地域、档次…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/options_page.py" line="75" />
            <source>Select a row to make it the plan's choice; hover the advice icon for details.</source>
            <translation>选中一行即设为方案的选择；鼠标悬停在建议图标上查看详情。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/options_page.py" line="101" />
            <source>%1 options</source>
            <translation>%1 个方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/options_page.py" line="103" />
            <source>%1 configurations searched</source>
            <translation>已搜索 %1 种配置</translation>
        </message>
    </context>
    <context>
        <name>OverviewPage</name>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="87" />
            <location filename="../../gpudesk/ui/pages/overview.py" line="155" />
            <location filename="../../gpudesk/ui/pages/overview.py" line="162" />
            <source>Export chart</source>
            <translation>导出图表</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="88" />
            <source>Save a chart as PNG or SVG (right-click a chart for more formats)</source>
            <translation>将图表保存为 PNG 或 SVG（右键点击图表可选更多格式）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="90" />
            <source>Memory per GPU</source>
            <translation>每卡显存</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="90" />
            <source>Total cost vs GPU count</source>
            <translation>总成本与 GPU 数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="91" />
            <source>Days vs GPU count</source>
            <translation>天数与 GPU 数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="91" />
            <source>Time vs cost</source>
            <translation>时间与成本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="92" />
            <source>Hourly vs monthly billing</source>
            <translation>按小时与按月计费</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="128" />
            <source>Describe the job on the left; the answer appears here as you type.</source>
            <translation>在左侧描述任务；输入时结果会立即显示在这里。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="132" />
            <source>Fits</source>
            <translation>可以放下</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="133" />
            <source>Does not fit</source>
            <translation>显存不足</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="135" />
            <source>%1 of %2 usable per GPU</source>
            <translation>每卡 %1 / 可用 %2</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="137" />
            <source>%1 (%2 with trial margin)</source>
            <translation>%1（含试错余量 %2）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="139" />
            <source>%1 tier</source>
            <translation>%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="141" />
            <source>cheaper billing: %1</source>
            <translation>更省的计费：%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="156" />
            <source>PNG image (*.png);;SVG drawing (*.svg)</source>
            <translation>PNG 图片 (*.png);;SVG 矢量图 (*.svg)</translation>
        </message>
    </context>
    <context>
        <name>Charts</name>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="151" />
            <source>Memory per GPU</source>
            <translation>每卡显存</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="151" />
            <source>GiB per GPU (1 GiB = 2³⁰ bytes)</source>
            <translation>每卡 GiB（1 GiB = 2³⁰ 字节）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="153" />
            <source>No configuration yet</source>
            <translation>尚无配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="173" />
            <source>Headroom kept free</source>
            <translation>预留余量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="181" />
            <source>Capacity</source>
            <translation>容量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="182" />
            <source>Usable</source>
            <translation>可用</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="182" />
            <source>Total</source>
            <translation>合计</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="185" />
            <source>GPU capacity</source>
            <translation>GPU 显存容量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="195" />
            <source>Guide's quick estimate</source>
            <translation>指南快速估算</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="196" />
            <source>Quick estimate ÷ %1</source>
            <translation>快速估算 ÷ %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="200" />
            <source>Guide's quick estimate (20 bytes per parameter)</source>
            <translation>指南快速估算（每参数 20 字节）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="201" />
            <source>in all</source>
            <translation>合计</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="201" />
            <source>per GPU</source>
            <translation>每卡</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="221" />
            <source>Chosen</source>
            <translation>已选择</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="226" />
            <source>Total cost vs GPU count</source>
            <translation>总成本与 GPU 数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="226" />
            <source>Cost (%1)</source>
            <translation>成本（%1）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="226" />
            <source>GPUs</source>
            <translation>GPU 数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="228" />
            <source>No priced configuration</source>
            <translation>没有带价格的配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="245" />
            <source>Cost</source>
            <translation>成本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="246" />
            <source>With trial margin</source>
            <translation>含试错余量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="247" />
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="247" />
            <source>days</source>
            <translation>天</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="251" />
            <source>+%1 % trial-and-error margin</source>
            <translation>+%1 % 试错余量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="258" />
            <source>Days vs GPU count</source>
            <translation>天数与 GPU 数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="258" />
            <source>Days</source>
            <translation>天数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="260" />
            <source>No timed configuration</source>
            <translation>没有可估算时间的配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="315" />
            <source>Time vs cost (Pareto front)</source>
            <translation>时间与成本（帕累托前沿）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="327" />
            <source>Other options</source>
            <translation>其他方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="331" />
            <source>Pareto front</source>
            <translation>帕累托前沿</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="341" />
            <source>Hourly vs monthly billing</source>
            <translation>按小时与按月计费</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="341" />
            <source>Cost per month (%1)</source>
            <translation>每月成本（%1）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="342" />
            <source>Hours used per month</source>
            <translation>每月使用小时数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="345" />
            <source>No hourly price for the chosen configuration</source>
            <translation>所选配置没有按小时价格</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="348" />
            <source>Hourly</source>
            <translation>按小时</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="354" />
            <source>Monthly</source>
            <translation>按月</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="357" />
            <source>break-even %1 h</source>
            <translation>平衡点 %1 小时</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="361" />
            <source>Break-even</source>
            <translation>盈亏平衡点</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="361" />
            <source>month</source>
            <translation>月</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/__init__.py" line="365" />
            <source>this job</source>
            <translation>本任务</translation>
        </message>
    </context>
    <context>
        <name>Format</name>
        <message>
            <location filename="../../gpudesk/ui/fmt.py" line="16" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/fmt.py" line="31" />
            <source>%1 GiB</source>
            <translation>%1 GiB</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/fmt.py" line="38" />
            <source>%1 h</source>
            <translation>%1 小时</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/fmt.py" line="39" />
            <source>%1 days</source>
            <translation>%1 天</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/fmt.py" line="52" />
            <source>empty</source>
            <translation>为空</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/fmt.py" line="61" />
            <source>not a number (try 7B, 350M or 1.5e9)</source>
            <translation>不是数字（可输入 7B、350M 或 1.5e9）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/fmt.py" line="63" />
            <source>not a finite number</source>
            <translation>不是有限数值</translation>
        </message>
    </context>
    <context>
        <name>ChecklistModel</name>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="115" />
            <source>Status</source>
            <translation>状态</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="115" />
            <source>Phase</source>
            <translation>阶段</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="115" />
            <source>Check</source>
            <translation>检查项</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="116" />
            <source>Pass criterion</source>
            <translation>通过标准</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="116" />
            <source>Notes</source>
            <translation>备注</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="117" />
            <source>Checked by / at</source>
            <translation>检查人 / 时间</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="165" />
            <source>Recorded for another configuration than the current choice: check again.</source>
            <translation>记录于与当前选择不同的配置：请重新检查。</translation>
        </message>
    </context>
    <context>
        <name>OptionsModel</name>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="39" />
            <source>Rank</source>
            <translation>排名</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="39" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="39" />
            <source>GPUs</source>
            <translation>GPU 数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="39" />
            <source>Provider</source>
            <translation>服务商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="40" />
            <source>Region</source>
            <translation>地域</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="40" />
            <source>Tier</source>
            <translation>档次</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="40" />
            <source>Fits</source>
            <translation>可以放下</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="40" />
            <source>Memory per GPU</source>
            <translation>每卡显存</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="41" />
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="41" />
            <source>Cost</source>
            <translation>成本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="41" />
            <source>With trial margin</source>
            <translation>含试错余量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="41" />
            <source>Price</source>
            <translation>价格</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="42" />
            <source>Advice</source>
            <translation>建议</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="86" />
            <source>Memory each GPU needs, in GiB (2³⁰ bytes)</source>
            <translation>每张 GPU 所需显存，单位 GiB（2³⁰ 字节）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="130" />
            <source>own price</source>
            <translation>自定价格</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="150" />
            <source>%1/GPU-h</source>
            <translation>%1/卡时</translation>
        </message>
    </context>
</TS>