<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
    <context>
        <name>CataloguePage</name>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="58" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="74" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="94" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="113" />
            <source>Id</source>
            <translation>编号</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="59" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="75" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="95" />
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="60" />
            <source>Memory (GiB)</source>
            <translation>显存 (GiB)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="61" />
            <source>Bandwidth (GB/s)</source>
            <translation>带宽 (GB/s)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="62" />
            <source>BF16 dense (TFLOPS)</source>
            <translation>BF16 稠密算力 (TFLOPS)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="63" />
            <source>FP8 dense (TFLOPS)</source>
            <translation>FP8 稠密算力 (TFLOPS)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="64" />
            <source>NVLink (GB/s)</source>
            <translation>NVLink (GB/s)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="65" />
            <source>PCIe gen</source>
            <translation>PCIe 代数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="66" />
            <source>TDP (W)</source>
            <translation>功耗 TDP (W)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="67" />
            <source>Market</source>
            <translation>市场</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="68" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="89" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="108" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="132" />
            <source>Notes</source>
            <translation>备注</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="69" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="109" />
            <source>Checked</source>
            <translation>核对日期</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="70" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="90" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="110" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="133" />
            <source>Source</source>
            <translation>来源</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="76" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="118" />
            <source>GPUs per node</source>
            <translation>每节点 GPU 数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="77" />
            <source>Topology</source>
            <translation>拓扑</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="78" />
            <source>GPU link (GB/s)</source>
            <translation>GPU 互联 (GB/s)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="79" />
            <source>CPU</source>
            <translation>CPU</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="80" />
            <source>Host RAM (GiB)</source>
            <translation>主机内存 (GiB)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="81" />
            <source>NVMe (TB)</source>
            <translation>NVMe (TB)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="84" />
            <source>Network</source>
            <translation>网络</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="87" />
            <source>Network (Gb/s)</source>
            <translation>网络 (Gb/s)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="88" />
            <source>Power (kW)</source>
            <translation>功率 (kW)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="96" />
            <source>Telecom licence</source>
            <translation>增值电信许可证</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="97" />
            <source>ICP filing</source>
            <translation>ICP 备案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="98" />
            <source>Certifications</source>
            <translation>资质认证</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="99" />
            <source>Regions</source>
            <translation>地域</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="100" />
            <source>Own data centres</source>
            <translation>自有机房</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="101" />
            <source>7×24 support</source>
            <translation>7×24 支持</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="104" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="129" />
            <source>Billing</source>
            <translation>计费方式</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="107" />
            <source>Data destruction</source>
            <translation>数据销毁</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="114" />
            <source>Provider</source>
            <translation>服务商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="115" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="116" />
            <source>Node type</source>
            <translation>节点类型</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="117" />
            <source>Region</source>
            <translation>地域</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="119" />
            <source>CNY per GPU-hour</source>
            <translation>元/卡时</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="120" />
            <source>CNY per GPU-month</source>
            <translation>元/卡月</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="123" />
            <source>Price kind</source>
            <translation>价格类型</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="126" />
            <source>Price date</source>
            <translation>价格日期</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="146" />
            <source>global</source>
            <translation>全球通用</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="146" />
            <source>China SKU</source>
            <translation>中国特供</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="175" />
            <source>Node types</source>
            <translation>节点类型</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="175" />
            <source>Providers</source>
            <translation>服务商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="175" />
            <source>Offers</source>
            <translation>报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="175" />
            <source>GPU models</source>
            <translation>GPU 型号</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="181" />
            <source>Filter rows…</source>
            <translation>筛选条目…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="183" />
            <source>Add…</source>
            <translation>添加…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="184" />
            <source>Add your own row to this table (saved in your user database)</source>
            <translation>向此表添加自己的条目（保存在用户数据库中）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="187" />
            <source>Edit…</source>
            <translation>编辑…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="188" />
            <source>Edit the selected row; a bundled row is saved as your own copy</source>
            <translation>编辑选中的条目；内置条目会另存为您自己的副本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="191" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="280" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="284" />
            <source>Delete</source>
            <translation>删除</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="192" />
            <source>Delete one of your own rows (bundled rows cannot be deleted)</source>
            <translation>删除您自己的条目（内置条目不能删除）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="195" />
            <source>Import price sheet…</source>
            <translation>导入价格表…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="196" />
            <source>Read offers and providers from a CSV or JSON price sheet</source>
            <translation>从 CSV 或 JSON 价格表读取报价和服务商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="208" />
            <source>Catalogue dated %1. Bold rows are your own entries; grey italic “unknown” means the fact is not known, never zero. Prices in CNY; memory in GiB (2³⁰ bytes).</source>
            <translation>目录日期 %1。粗体行是您自己的条目；灰色斜体“未知”表示该信息未知，而不是零。价格单位为人民币元；显存单位为 GiB（2³⁰ 字节）。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="267" />
            <source>Add to the catalogue</source>
            <translation>添加到目录</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="272" />
            <source>Edit</source>
            <translation>编辑</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="272" />
            <source>Select a row first.</source>
            <translation>请先选择一行。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="275" />
            <source>Edit %1</source>
            <translation>编辑 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="280" />
            <source>Only your own (bold) rows can be deleted.</source>
            <translation>只能删除您自己的（粗体）条目。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="284" />
            <source>Delete %1 from your catalogue?</source>
            <translation>从您的目录中删除 %1？</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="295" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="301" />
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="308" />
            <source>Import price sheet</source>
            <translation>导入价格表</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="295" />
            <source>Price sheets (*.csv *.json)</source>
            <translation>价格表 (*.csv *.json)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/catalogue_page.py" line="309" />
            <source>%1 offers and %2 providers imported.</source>
            <translation>已导入 %1 条报价和 %2 家服务商。</translation>
        </message>
    </context>
    <context>
        <name>ChecklistPage</name>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="176" />
            <source>Phase:</source>
            <translation>阶段：</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="177" />
            <source>Show:</source>
            <translation>显示：</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="178" />
            <source>All phases</source>
            <translation>全部阶段</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="181" />
            <source>All items</source>
            <translation>全部条目</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="182" />
            <source>Still to do (open or failed)</source>
            <translation>待处理（待检查或未通过）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="183" />
            <source>Failed</source>
            <translation>未通过</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="184" />
            <source>Open</source>
            <translation>待检查</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="185" />
            <source>Passed</source>
            <translation>已通过</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="186" />
            <source>Waived</source>
            <translation>已豁免</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="187" />
            <source>Not applicable</source>
            <translation>不适用</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="193" />
            <source>Why</source>
            <translation>原因</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="194" />
            <source>How</source>
            <translation>方法</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="195" />
            <source>Pass if</source>
            <translation>通过标准</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="196" />
            <source>Notes</source>
            <translation>备注</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="197" />
            <source>Evidence</source>
            <translation>证据</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="198" />
            <source>command output, file path, ticket number…</source>
            <translation>命令输出、文件路径、工单号…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="207" />
            <source>&amp;Pass (P)</source>
            <translation>通过(&amp;P)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="208" />
            <source>&amp;Fail (F)</source>
            <translation>未通过(&amp;F)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="209" />
            <source>&amp;N/A (N)</source>
            <translation>不适用(&amp;N)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="210" />
            <source>&amp;Waive… (W)</source>
            <translation>豁免(&amp;W)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="211" />
            <source>Re&amp;open (O)</source>
            <translation>重新打开(&amp;O)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="199" />
            <source>Save notes</source>
            <translation>保存备注</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="201" />
            <source>Keys on the list: P pass, F fail, N not applicable, W waive (asks why), O reopen. Results are saved in the plan.</source>
            <translation>列表快捷键：P 通过，F 未通过，N 不适用，W 豁免（需填写原因），O 重新打开。结果保存在方案中。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="287" />
            <source>%1 of %2 done</source>
            <translation>已完成 %1 / %2</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="288" />
            <source>%1 failed</source>
            <translation>%1 项未通过</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="298" />
            <source>Select an item to see why it matters and how to check it.</source>
            <translation>选择一个条目，查看其原因和检查方法。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="322" />
            <source>Waive item</source>
            <translation>豁免条目</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="322" />
            <source>Why is “%1” waived?</source>
            <translation>为什么豁免“%1”？</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="336" />
            <location filename="../../gpudesk/ui/pages/checklist_page.py" line="354" />
            <source>Checklist</source>
            <translation>检查清单</translation>
        </message>
    </context>
    <context>
        <name>ConfigPicker</name>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="119" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="119" />
            <source>The GPU model to rent</source>
            <translation>要租用的显卡型号</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="120" />
            <source>GPU count</source>
            <translation>显卡数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="120" />
            <source>GPUs in all (a multiple of the GPUs per node beyond one node)</source>
            <translation>显卡总数（超过一个节点时须为每节点卡数的整数倍）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="122" />
            <source>Offer</source>
            <translation>报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="123" />
            <source>Whose offer prices it; automatic = the cheapest that can hold the count</source>
            <translation>按哪家的报价计价；自动 = 能提供该数量的最便宜报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="126" />
            <source>Tensor parallel</source>
            <translation>张量并行</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="127" />
            <source>GPUs one layer is split over (inside one node; must divide the heads)</source>
            <translation>一层切分到几张卡上（限单节点内；须整除注意力头数）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="129" />
            <source>Pipeline parallel</source>
            <translation>流水线并行</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="129" />
            <source>Pipeline stages, each a group of layers (whole nodes)</source>
            <translation>流水线段数，每段一组层（按整节点划分）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="131" />
            <source>ZeRO stage</source>
            <translation>ZeRO 阶段</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="133" />
            <source>0 = every GPU keeps a full copy; 1/2/3 shard optimizer states, gradients and parameters over the data-parallel GPUs</source>
            <translation>0 = 每张卡保存完整副本；1/2/3 依次把优化器状态、梯度和参数分片到数据并行的各卡上</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="138" />
            <source>CPU offload</source>
            <translation>CPU 卸载</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="139" />
            <source>Keep optimizer states (and parameters) in host RAM: less GPU memory, slower</source>
            <translation>把优化器状态（及参数）放在主机内存：省显存，但更慢</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="142" />
            <source>Recomputation</source>
            <translation>激活重计算</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="143" />
            <source>Recompute activations in the backward pass: less memory, more compute</source>
            <translation>反向传播时重算激活值：省显存，多算力</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="146" />
            <source>Micro-batch</source>
            <translation>微批大小</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="147" />
            <source>Samples per GPU per step; gradient accumulation keeps the global batch</source>
            <translation>每张卡每步处理的样本数；梯度累积保持全局批次不变</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="153" />
            <source>ZeRO-%1</source>
            <translation>ZeRO-%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="153" />
            <source>None (ZeRO-0)</source>
            <translation>不分片（ZeRO-0）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="155" />
            <source>None</source>
            <translation>无</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="156" />
            <source>Optimizer states</source>
            <translation>优化器状态</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="157" />
            <source>Optimizer states and parameters</source>
            <translation>优化器状态与参数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="165" />
            <source>Start from the current choice</source>
            <translation>从当前选定配置开始</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="166" />
            <source>Fill these fields with the plan's chosen configuration</source>
            <translation>用方案当前选定的配置填写这些字段</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="169" />
            <source>Evaluate</source>
            <translation>评估</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="170" />
            <source>Show the engine's answer for exactly this configuration</source>
            <translation>显示引擎对该配置的精确测算结果</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="173" />
            <source>Use this configuration</source>
            <translation>采用此配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="174" />
            <source>Make exactly this configuration the plan's choice</source>
            <translation>把该配置设为方案的选定配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="176" />
            <source>Back to the recommendation</source>
            <translation>恢复推荐方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="176" />
            <source>Let the recommender choose again</source>
            <translation>重新由推荐引擎选择</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="206" />
            <source>Automatic: the cheapest that fits</source>
            <translation>自动：能放下的最便宜报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="210" />
            <source>%1/GPU-h</source>
            <translation>%1/卡时</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/config_picker.py" line="220" />
            <source>%1-GPU nodes</source>
            <translation>每节点 %1 卡</translation>
        </message>
    </context>
    <context>
        <name>HelpDialog</name>
        <message>
            <location filename="../../gpudesk/ui/help.py" line="47" />
            <source>Open the user guide</source>
            <translation>打开用户指南</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/help.py" line="49" />
            <source>Close</source>
            <translation>关闭</translation>
        </message>
    </context>
    <context>
        <name>JobForm</name>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="289" />
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="302" />
            <source>Model</source>
            <translation>模型</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="290" />
            <source>Job</source>
            <translation>任务</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="291" />
            <source>Serving</source>
            <translation>推理服务</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="292" />
            <source>Constraints</source>
            <translation>约束条件</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="294" />
            <source>Import Hugging Face config.json…</source>
            <translation>导入 Hugging Face config.json…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="295" />
            <source>Read the architecture from a model's config.json (or drop the file on the window)</source>
            <translation>从模型的 config.json 读取架构（也可把文件拖到窗口上）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="302" />
            <source>A published model preset, grouped by the guide's task classes</source>
            <translation>已发布模型的预设，按指南的任务类别分组</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="303" />
            <source>Parameters</source>
            <translation>参数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="303" />
            <source>Bare parameter count for a custom model, e.g. 7B, 350M, 1.3e9</source>
            <translation>自定义模型的参数量，例如 7B、350M、1.3e9</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="304" />
            <source>Task</source>
            <translation>任务类型</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="304" />
            <source>What the GPUs will do: pre-train, fine-tune (full, LoRA, QLoRA) or serve</source>
            <translation>GPU 的用途：预训练、微调（全参数、LoRA、QLoRA）或推理服务</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="305" />
            <source>Precision</source>
            <translation>精度</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="305" />
            <source>Number format for training; BF16 mixed precision is the norm, FP32 doubles memory</source>
            <translation>训练的数值格式；通常用 BF16 混合精度，FP32 显存翻倍</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="306" />
            <source>Optimizer</source>
            <translation>优化器</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="306" />
            <source>AdamW keeps 12 bytes of state per trained parameter; 8-bit Adam and SGD keep less</source>
            <translation>AdamW 每个训练参数保存 12 字节状态；8 位 Adam 和 SGD 更少</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="307" />
            <source>Sequence length</source>
            <translation>序列长度</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="307" />
            <source>Tokens per training sample (context length)</source>
            <translation>每个训练样本的 token 数（上下文长度）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="308" />
            <source>Micro-batch</source>
            <translation>微批大小</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="308" />
            <source>Samples each GPU processes at once; activations grow with it</source>
            <translation>每张 GPU 一次处理的样本数；激活值随之增长</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="309" />
            <source>Gradient accumulation</source>
            <translation>梯度累积</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="309" />
            <source>Micro-batches summed before each optimizer step; raises the batch without memory</source>
            <translation>每次优化器更新前累加的微批数；增大批量而不增加显存</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="310" />
            <source>Recomputation</source>
            <translation>激活重计算</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="310" />
            <source>Recompute activations in the backward pass: saves memory, costs about a third more compute</source>
            <translation>反向传播时重新计算激活：节省显存，计算量约多三分之一</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="311" />
            <source>Flash attention</source>
            <translation>Flash Attention</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="311" />
            <source>Fused attention kernel that never stores the attention-score matrix</source>
            <translation>融合注意力内核，不保存注意力分数矩阵</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="312" />
            <source>LoRA rank</source>
            <translation>LoRA 秩</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="312" />
            <source>Rank r of the low-rank adapters; trainable parameters grow linearly with it</source>
            <translation>低秩适配器的秩 r；可训练参数随之线性增长</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="313" />
            <source>Dataset tokens</source>
            <translation>数据集 token 数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="313" />
            <source>Tokens in the training set for one pass, e.g. 2B</source>
            <translation>训练集一遍的 token 数，例如 2B</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="314" />
            <source>Epochs</source>
            <translation>轮数 (epoch)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="314" />
            <source>Passes over the dataset; total tokens = dataset tokens × epochs</source>
            <translation>遍历数据集的次数；总 token 数 = 数据集 token 数 × 轮数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="315" />
            <source>Serving concurrency</source>
            <translation>推理并发数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="315" />
            <source>Sequences served at the same time; each needs its own KV cache</source>
            <translation>同时服务的序列数；每个序列都需要自己的 KV 缓存</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="316" />
            <source>Memory headroom</source>
            <translation>显存余量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="316" />
            <source>Share of each GPU's memory kept free for fragmentation and spikes</source>
            <translation>每张 GPU 显存中预留给碎片和峰值的比例</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="317" />
            <source>Objective</source>
            <translation>优化目标</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="317" />
            <source>What to optimise when ranking configurations</source>
            <translation>对配置排序时优化的目标</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="318" />
            <source>Budget (CNY)</source>
            <translation>预算（元）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="318" />
            <source>Most you will spend on the run, in yuan; empty = no limit</source>
            <translation>本次训练最多花费（元）；留空表示不限</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="319" />
            <source>Deadline (days)</source>
            <translation>工期（天）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="319" />
            <source>Longest the run may take, in days; empty = no limit</source>
            <translation>训练最多可用的天数；留空表示不限</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="320" />
            <source>Billing</source>
            <translation>计费方式</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="320" />
            <source>Rent by the hour or by the month; default: whichever is cheaper</source>
            <translation>按小时或按月租用；默认取较便宜者</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="321" />
            <source>Region</source>
            <translation>地域</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="321" />
            <source>Only offers in this region</source>
            <translation>只看该地域的报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="322" />
            <source>Providers</source>
            <translation>服务商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="322" />
            <source>Only these providers; none ticked = all</source>
            <translation>只看这些服务商；都不勾选表示全部</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="323" />
            <source>Most GPUs</source>
            <translation>最多 GPU 数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="323" />
            <source>Largest GPU count to consider</source>
            <translation>考虑的最大 GPU 数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="326" />
            <source>Auto (one node)</source>
            <translation>自动（单节点）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="343" />
            <source>Whichever is cheaper</source>
            <translation>取较便宜者</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="346" />
            <source>Any region</source>
            <translation>任意地域</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="347" />
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="362" />
            <source>no limit</source>
            <translation>不限</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="348" />
            <source>no target</source>
            <translation>不设目标</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="349" />
            <source>as sequence length</source>
            <translation>同序列长度</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="352" />
            <source>Same as the job's precision</source>
            <translation>与任务精度相同</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="352" />
            <source>16-bit (default)</source>
            <translation>16 位（默认）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="380" />
            <source>Custom: parameter count</source>
            <translation>自定义：参数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_form.py" line="382" />
            <source>Imported: %1</source>
            <translation>已导入：%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_engine.py" line="64" />
            <source>automatic (from gradient accumulation)</source>
            <translation>自动（由梯度累积决定）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_engine.py" line="70" />
            <source>Advanced: parallelism and batch</source>
            <translation>高级：并行与批次</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_engine.py" line="72" />
            <source>(set)</source>
            <translation>（已设置）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_lists.py" line="139" />
            <source>%1 is not a config.json object</source>
            <translation>%1 不是 config.json 对象</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="155" />
            <source>e.g. 7B, 350M or 1.3e9</source>
            <translation>如 7B、350M 或 1.3e9</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="197" />
            <source>required</source>
            <translation>必填</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="207" />
            <source>must be more than zero</source>
            <translation>必须大于零</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="212" />
            <source>out of range: %1</source>
            <translation>超出范围：%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="224" />
            <source>too small for a neural network: give the count, e.g. 7B</source>
            <translation>对神经网络来说太小：请填写参数量，例如 7B</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="226" />
            <source>more than 100 trillion parameters: check the unit</source>
            <translation>超过 100 万亿参数：请检查单位</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="230" />
            <source>pick a model</source>
            <translation>请选择模型</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="239" />
            <source>Total training tokens: %1</source>
            <translation>训练总 token 数：%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="243" />
            <source>No dataset size: training time and cost are not estimated</source>
            <translation>未填写数据集大小：不估算训练时间和成本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="251" />
            <source>QLoRA trains adapters in 16-bit: pick BF16 or FP16</source>
            <translation>QLoRA 以 16 位训练适配器：请选 BF16 或 FP16</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="271" />
            <source>%1 layers</source>
            <translation>%1 层</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="272" />
            <source>hidden %1</source>
            <translation>隐藏层维度 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="275" />
            <source>%1 heads</source>
            <translation>%1 个注意力头</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="277" />
            <source>%1 KV heads</source>
            <translation>%1 个 KV 头</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="279" />
            <source>%1 experts</source>
            <translation>%1 个专家</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/job_values.py" line="280" />
            <source>, </source>
            <translation>，</translation>
        </message>
    </context>
    <context>
        <name>Labels</name>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="38" />
            <source>other mainland regions</source>
            <translation>其他内地地区</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="218" />
            <source>Import Hugging Face config.json</source>
            <translation>导入 Hugging Face config.json</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="219" />
            <source>Model configuration (*.json)</source>
            <translation>模型配置 (*.json)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="228" />
            <source>Import config.json</source>
            <translation>导入 config.json</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="226" />
            <source>Imported %1</source>
            <translation>已导入 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="345" />
            <source>computing…</source>
            <translation>计算中…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="384" />
            <source>No configuration fits within the constraints.</source>
            <translation>在约束条件内没有可行的配置。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="389" />
            <source>The selected quote's configuration cannot run this job (%1): the recommendation is shown.</source>
            <translation>所选报价的配置无法运行此任务（%1）：现显示推荐方案。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="394" />
            <source>The configuration set by hand no longer works (%1): the recommendation is shown.</source>
            <translation>手动设定的配置已不可用（%1）：现显示推荐方案。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="439" />
            <source>No configuration chosen yet</source>
            <translation>尚未选择配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="440" />
            <source>Fits</source>
            <translation>显存够用</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="440" />
            <source>Does not fit</source>
            <translation>显存不足</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="443" />
            <source>set by hand</source>
            <translation>手动设定</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="452" />
            <source>%1 with trial margin</source>
            <translation>含试错余量 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="473" />
            <source>Untitled plan</source>
            <translation>未命名方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/main_window.py" line="416" />
            <source>The last valid value is used until corrected — %1</source>
            <translation>改正前沿用上一次的有效值 — %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="128" />
            <source>Overview</source>
            <translation>总览</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="128" />
            <source>Plan</source>
            <translation>方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="128" />
            <source>Options</source>
            <translation>候选配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="128" />
            <source>Quotes</source>
            <translation>报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="129" />
            <source>Catalogue</source>
            <translation>资源目录</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="129" />
            <source>Checklist</source>
            <translation>检查清单</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="138" />
            <source>&amp;New plan</source>
            <translation>新建方案(&amp;N)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="138" />
            <source>Start a new plan from the default job</source>
            <translation>从默认任务新建方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="139" />
            <source>&amp;Open…</source>
            <translation>打开(&amp;O)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="139" />
            <source>Open a .gpudesk plan file</source>
            <translation>打开 .gpudesk 方案文件</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="140" />
            <source>&amp;Save</source>
            <translation>保存(&amp;S)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="140" />
            <source>Save the plan</source>
            <translation>保存方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="141" />
            <source>Save &amp;As…</source>
            <translation>另存为(&amp;A)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="141" />
            <source>Save the plan under a new name</source>
            <translation>以新名称保存方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="142" />
            <source>&amp;Import config.json…</source>
            <translation>导入 config.json(&amp;I)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="142" />
            <source>Read a Hugging Face model configuration</source>
            <translation>读取 Hugging Face 模型配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="143" />
            <source>Plan as &amp;PDF…</source>
            <translation>方案 PDF(&amp;P)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="143" />
            <source>Write the plan as a PDF for sign-off</source>
            <translation>将方案导出为 PDF 供审批</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="144" />
            <source>Print pre&amp;view…</source>
            <translation>打印预览(&amp;V)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="144" />
            <source>Preview the plan document and print it</source>
            <translation>预览方案文档并打印</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="145" />
            <source>&amp;Options as spreadsheet…</source>
            <translation>方案列表表格(&amp;O)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="145" />
            <source>Write the ranked options to .xlsx or .csv</source>
            <translation>把排序后的方案导出为 .xlsx 或 .csv</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="146" />
            <source>&amp;Checklist as spreadsheet…</source>
            <translation>验收清单表格(&amp;C)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="146" />
            <source>Write the checklist to .xlsx or .csv</source>
            <translation>把验收清单导出为 .xlsx 或 .csv</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="147" />
            <source>&amp;Quotes as spreadsheet…</source>
            <translation>比价表格(&amp;Q)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="147" />
            <source>Write the quote comparison to .xlsx or .csv</source>
            <translation>把报价比价导出为 .xlsx 或 .csv</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="148" />
            <source>Export acceptance &amp;kit…</source>
            <translation>导出验收套件(&amp;K)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="148" />
            <source>Write the scripts that check the delivered servers against this plan</source>
            <translation>写出按本方案检查交付服务器的脚本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="149" />
            <source>Import kit res&amp;ults…</source>
            <translation>导入验收结果(&amp;U)…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="149" />
            <source>Record a gpudesk-results.json in the checklist; compare measured with planned</source>
            <translation>把 gpudesk-results.json 记入检查清单；对比实测与方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="150" />
            <source>&amp;Quit</source>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="150" />
            <source>Close gpudesk</source>
            <translation>关闭 gpudesk</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="151" />
            <source>&amp;Undo</source>
            <translation>撤销(&amp;U)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="151" />
            <source>Undo the last edit</source>
            <translation>撤销上一次修改</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="152" />
            <source>&amp;Redo</source>
            <translation>重做(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="152" />
            <source>Redo the edit just undone</source>
            <translation>重做刚撤销的修改</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="153" />
            <source>&amp;Recompute</source>
            <translation>重新计算(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="153" />
            <source>Run the recommender again now</source>
            <translation>立即重新运行推荐</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="154" />
            <source>Reset &amp;chart views</source>
            <translation>重置图表视图(&amp;C)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="154" />
            <source>Show every chart's default range again (after zooming)</source>
            <translation>（缩放后）把所有图表恢复为默认范围</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="155" />
            <source>&amp;User guide</source>
            <translation>用户指南(&amp;U)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="155" />
            <source>How to make a plan with gpudesk, step by step</source>
            <translation>如何用 gpudesk 一步步制作方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="156" />
            <source>&amp;Getting started</source>
            <translation>快速入门(&amp;G)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="156" />
            <source>What to do first</source>
            <translation>第一步做什么</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="157" />
            <source>&amp;About gpudesk</source>
            <translation>关于 gpudesk(&amp;A)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="158" />
            <source>About &amp;Qt</source>
            <translation>关于 &amp;Qt</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="162" />
            <source>&amp;Overview</source>
            <translation>总览(&amp;O)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="163" />
            <source>P&amp;lan</source>
            <translation>方案(&amp;L)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="164" />
            <source>O&amp;ptions</source>
            <translation>候选配置(&amp;P)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="165" />
            <source>&amp;Quotes</source>
            <translation>报价(&amp;Q)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="166" />
            <source>&amp;Catalogue</source>
            <translation>资源目录(&amp;C)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="167" />
            <source>Chec&amp;klist</source>
            <translation>检查清单(&amp;K)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="175" />
            <source>&amp;Job form</source>
            <translation>任务表单(&amp;J)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="176" />
            <source>&amp;File</source>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="177" />
            <source>Open &amp;Recent</source>
            <translation>最近打开(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="178" />
            <source>&amp;Export</source>
            <translation>导出(&amp;E)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="179" />
            <source>&amp;Edit</source>
            <translation>编辑(&amp;E)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="180" />
            <source>&amp;View</source>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="181" />
            <source>&amp;Language</source>
            <translation>语言(&amp;L)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="182" />
            <source>&amp;Help</source>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="183" />
            <source>Main toolbar</source>
            <translation>主工具栏</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="184" />
            <source>Job</source>
            <translation>任务</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="194" />
            <source>&amp;Undo %1</source>
            <translation>撤销%1(&amp;U)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="197" />
            <source>&amp;Redo %1</source>
            <translation>重做%1(&amp;R)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="204" />
            <source>model</source>
            <translation>模型</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="205" />
            <source>parameters</source>
            <translation>参数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="206" />
            <source>task</source>
            <translation>任务</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="207" />
            <source>precision</source>
            <translation>精度</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="208" />
            <source>optimizer</source>
            <translation>优化器</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="209" />
            <source>sequence length</source>
            <translation>序列长度</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="210" />
            <source>micro-batch</source>
            <translation>微批次</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="211" />
            <source>gradient accumulation</source>
            <translation>梯度累积</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="212" />
            <source>recomputation</source>
            <translation>重计算</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="213" />
            <source>flash attention</source>
            <translation>Flash Attention</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="214" />
            <source>LoRA rank</source>
            <translation>LoRA 秩</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="215" />
            <source>dataset tokens</source>
            <translation>数据集 token 数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="216" />
            <source>epochs</source>
            <translation>轮数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="217" />
            <source>concurrency</source>
            <translation>并发数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="218" />
            <source>memory headroom</source>
            <translation>显存余量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="219" />
            <source>objective</source>
            <translation>优化目标</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="220" />
            <source>budget</source>
            <translation>预算</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="221" />
            <source>deadline</source>
            <translation>截止时间</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="222" />
            <source>billing</source>
            <translation>计费方式</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="223" />
            <source>region</source>
            <translation>地区</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="224" />
            <source>providers</source>
            <translation>服务商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="225" />
            <source>most GPUs</source>
            <translation>显卡上限</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="226" />
            <source>title</source>
            <translation>标题</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="227" />
            <source>author</source>
            <translation>编制人</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="228" />
            <source>organisation</source>
            <translation>单位</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="229" />
            <source>approvers</source>
            <translation>审批人</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="230" />
            <source>notes</source>
            <translation>备注</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="231" />
            <source>choice</source>
            <translation>选定配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="232" />
            <source>checklist result</source>
            <translation>检查结果</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="233" />
            <source>quote</source>
            <translation>报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="234" />
            <source>import</source>
            <translation>导入</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/actions.py" line="235" />
            <source>kit results</source>
            <translation>验收结果</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="26" />
            <source>gpudesk plan (*.gpudesk)</source>
            <translation>gpudesk 方案 (*.gpudesk)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="34" />
            <source>Unsaved changes</source>
            <translation>未保存的修改</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="35" />
            <source>The plan has unsaved changes. Save them first?</source>
            <translation>方案有未保存的修改。先保存吗？</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="54" />
            <source>gpudesk</source>
            <translation>gpudesk</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="74" />
            <source>Recover unsaved plan</source>
            <translation>恢复未保存的方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="75" />
            <source>gpudesk closed without saving “%1” (autosaved %2). Recover it?</source>
            <translation>gpudesk 上次未保存就关闭了“%1”（自动保存于 %2）。要恢复吗？</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="94" />
            <source>Autosave failed: %1</source>
            <translation>自动保存失败：%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="100" />
            <source>Autosave failed</source>
            <translation>自动保存失败</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="103" />
            <source>Your edits are not lost while gpudesk stays open: save the plan to a folder you can write to.</source>
            <translation>只要 gpudesk 保持打开，您的编辑不会丢失：请将方案保存到可写入的文件夹。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="127" />
            <source>Open plan</source>
            <translation>打开方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="156" />
            <source>Save plan as</source>
            <translation>方案另存为</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="166" />
            <source>Save plan</source>
            <translation>保存方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="166" />
            <source>Nothing to save yet: the job is still being computed.</source>
            <translation>暂无可保存的内容：任务仍在计算中。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="178" />
            <source>“%1” was changed by another program (or another gpudesk) since you opened it. Replace it with your version? (The other version is kept as %1.bak.)</source>
            <translation>“%1”在您打开之后已被其他程序（或另一个 gpudesk）修改。要用您的版本替换它吗？（另一个版本会保留为 %1.bak。）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="193" />
            <source>Saved %1</source>
            <translation>已保存 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="201" />
            <source>Choose a configuration first.</source>
            <translation>请先选择一种配置。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="207" />
            <source>Print preview</source>
            <translation>打印预览</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="228" />
            <source>Export PDF</source>
            <translation>导出 PDF</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="234" />
            <source>PDF document (*.pdf)</source>
            <translation>PDF 文档 (*.pdf)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="247" />
            <source>Wrote %1</source>
            <translation>已写入 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="272" />
            <source>Export options</source>
            <translation>导出方案列表</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="273" />
            <source>Export checklist</source>
            <translation>导出验收清单</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="274" />
            <source>Export quotes</source>
            <translation>导出比价表</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="278" />
            <source>Nothing to export yet.</source>
            <translation>还没有可导出的内容。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="283" />
            <source>Excel workbook (*.xlsx)</source>
            <translation>Excel 工作簿 (*.xlsx)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="283" />
            <source>CSV, UTF-8 (*.csv)</source>
            <translation>CSV，UTF-8 编码 (*.csv)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/files.py" line="318" />
            <source>(none)</source>
            <translation>（无）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/pages.py" line="147" />
            <source>from the selected quote %1</source>
            <translation>来自选定报价 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/pages.py" line="149" />
            <source>the recommendation</source>
            <translation>推荐方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/pages.py" line="151" />
            <source>kept from the plan</source>
            <translation>沿用方案中的配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/pages.py" line="153" />
            <source>Chosen: %1 (%2)</source>
            <translation>已选择：%1（%2）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/pages.py" line="189" />
            <source>New provider</source>
            <translation>新服务商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/pages.py" line="220" />
            <source>Your name</source>
            <translation>您的姓名</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/pages.py" line="221" />
            <source>Checklist results record who checked them. Your name:</source>
            <translation>检查结果会记录检查人。请输入您的姓名：</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/pages.py" line="277" />
            <source>Offline planning assistant for renting GPU servers for AI training.</source>
            <translation>离线的 AI 训练 GPU 服务器租用规划助手。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/pages.py" line="278" />
            <source>Catalogue dated %1 (content %2).</source>
            <translation>目录日期 %1（内容 %2）。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/pages.py" line="279" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/pages.py" line="281" />
            <source>Chinese text uses the bundled WenQuanYi Micro Hei font (Apache-2.0).</source>
            <translation>中文使用随附的文泉驿微米黑字体（Apache-2.0）。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/window/pages.py" line="283" />
            <source>About gpudesk</source>
            <translation>关于 gpudesk</translation>
        </message>
    </context>
    <context>
        <name>OptionsPage</name>
        <message>
            <location filename="../../gpudesk/ui/pages/options_page.py" line="64" />
            <source>&amp;Filter:</source>
            <translation>筛选(&amp;F)：</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/options_page.py" line="65" />
            <source>GPU, provider, region, tier…</source>
            <translation>GPU、服务商、地域、档次…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/options_page.py" line="67" />
            <source>Show all counts</source>
            <translation>展开全部数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/options_page.py" line="68" />
            <source>Unfold every GPU type's other counts and offers</source>
            <translation>展开每种显卡的其他数量与报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/options_page.py" line="71" />
            <source>One row per GPU type: its best option, with the other counts folded under it (▸). Select a row to make it the plan's choice; hover a header or the advice icon for details.</source>
            <translation>每种显卡一行：显示其最佳方案，其他数量折叠在下面（▸）。选中一行即设为方案的选定配置；鼠标停在表头或建议图标上可看详情。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/options_page.py" line="135" />
            <source>%1 GPU types, %2 options</source>
            <translation>%1 种显卡，%2 个方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/options_page.py" line="140" />
            <source>%1 configurations searched</source>
            <translation>已搜索 %1 种配置</translation>
        </message>
    </context>
    <context>
        <name>OverviewPage</name>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="151" />
            <source>Reset view</source>
            <translation>重置视图</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="154" />
            <source>Undo any zoom: every chart back to its default range (Ctrl+wheel zooms a chart; the wheel alone scrolls the page)</source>
            <translation>取消缩放：所有图表恢复默认范围（Ctrl+滚轮缩放图表；只用滚轮则滚动页面）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="158" />
            <location filename="../../gpudesk/ui/pages/overview.py" line="240" />
            <location filename="../../gpudesk/ui/pages/overview.py" line="247" />
            <source>Export chart</source>
            <translation>导出图表</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="159" />
            <source>Save a chart as PNG or SVG (right-click a chart for more formats)</source>
            <translation>将图表保存为 PNG 或 SVG（右键点击图表可选更多格式）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="204" />
            <source>Describe the job on the left; the answer appears here as you type.</source>
            <translation>在左侧描述任务；输入时结果会立即显示在这里。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="213" />
            <source>%1 (%2 with trial margin)</source>
            <translation>%1（含试错余量 %2）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="219" />
            <source>%1 tier</source>
            <translation>%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="221" />
            <source>cheaper billing: %1</source>
            <translation>更省的计费：%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="233" />
            <source>No warnings for this configuration.</source>
            <translation>该配置没有警示。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/overview.py" line="240" />
            <source>PNG image (*.png);;SVG drawing (*.svg)</source>
            <translation>PNG 图片 (*.png);;SVG 矢量图 (*.svg)</translation>
        </message>
    </context>
    <context>
        <name>PlanPage</name>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="122" />
            <source>Plan facts</source>
            <translation>方案信息</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="123" />
            <source>Configuration</source>
            <translation>配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="124" />
            <source>Set automatically from the job and the choice</source>
            <translation>根据任务和选定配置自动生成</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="125" />
            <source>Your name</source>
            <translation>您的姓名</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="126" />
            <source>Company or lab</source>
            <translation>公司或实验室</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="127" />
            <source>Reviewer
Approver</source>
            <translation>审核人
批准人</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="129" />
            <source>Automatic title</source>
            <translation>自动标题</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="130" />
            <source>Let the title follow the job and the choice again</source>
            <translation>让标题重新随任务和选定配置变化</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="133" />
            <source>Pick a GPU, a count, an offer and a layout to see the engine's answer for exactly that; “Use this configuration” makes it the plan's choice.</source>
            <translation>选择显卡、数量、报价和并行布局，即可看到引擎对该配置的精确测算；点“采用此配置”把它设为方案的选定配置。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="168" />
            <source>Automatic: follows the job and the choice</source>
            <translation>自动：随任务和选定配置变化</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="170" />
            <source>Your own title: it no longer changes with the job</source>
            <translation>自定义标题：不再随任务变化</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="32" />
            <source>Title</source>
            <translation>标题</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="32" />
            <source>The plan's title on the cover; follows the job and the choice until you edit it</source>
            <translation>封面上的方案标题；在您修改之前随任务和选定配置自动变化</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="33" />
            <source>Prepared by</source>
            <translation>编制人</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="33" />
            <source>Who wrote the plan (printed on the cover and the sign-off)</source>
            <translation>方案编制人（印在封面和签字页）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="34" />
            <source>Organisation</source>
            <translation>单位</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="34" />
            <source>Company or lab, printed on the cover and in the page header</source>
            <translation>公司或实验室，印在封面和页眉</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="36" />
            <source>Reviewers and approvers</source>
            <translation>审核人与批准人</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="37" />
            <source>One name per line, in signing order: reviewers first, the approver last</source>
            <translation>每行一个姓名，按签字顺序：先审核人，最后批准人</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="39" />
            <source>Notes</source>
            <translation>备注</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/plan_page.py" line="39" />
            <source>Anything the reader should know (printed with the plan)</source>
            <translation>需要读者了解的其他事项（随方案打印）</translation>
        </message>
    </context>
    <context>
        <name>QAbstractFileIconProvider</name>
        <message>
            <location filename="../../gpudesk/ui/qt_strings.py" line="9" />
            <source>Folder</source>
            <translation>文件夹</translation>
        </message>
    </context>
    <context>
        <name>QFileDialog</name>
        <message>
            <location filename="../../gpudesk/ui/qt_strings.py" line="7" />
            <source>&amp;Look in:</source>
            <translation>查找范围(&amp;L)：</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/qt_strings.py" line="8" />
            <source>Files of &amp;type:</source>
            <translation>文件类型(&amp;T)：</translation>
        </message>
    </context>
    <context>
        <name>QFileIconProvider</name>
        <message>
            <location filename="../../gpudesk/ui/qt_strings.py" line="10" />
            <source>Folder</source>
            <translation>文件夹</translation>
        </message>
    </context>
    <context>
        <name>QuoteDialog</name>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="203" />
            <source>Edit quote %1</source>
            <translation>编辑报价 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="203" />
            <source>Add a quote</source>
            <translation>添加报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="208" />
            <source>Who quoted</source>
            <translation>报价方</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="209" />
            <source>What is quoted</source>
            <translation>报价内容</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="210" />
            <source>Prices (¥, as the provider wrote them; empty = not offered)</source>
            <translation>价格（元，按服务商报价原样填写；留空 = 不提供）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="211" />
            <source>Terms, other costs and subsidy</source>
            <translation>条款、其他费用与补贴</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="215" />
            <source>Provider</source>
            <translation>服务商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="216" />
            <source>Quote number</source>
            <translation>报价编号</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="217" />
            <source>Quote date</source>
            <translation>报价日期</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="218" />
            <source>Valid until</source>
            <translation>有效期至</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="219" />
            <source>Contact</source>
            <translation>联系方式</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="220" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="221" />
            <source>Node type</source>
            <translation>节点类型</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="222" />
            <source>GPUs per node</source>
            <translation>每节点 GPU 数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="223" />
            <source>Nodes</source>
            <translation>节点数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="224" />
            <source>Region</source>
            <translation>地域</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="225" />
            <source>CPU</source>
            <translation>CPU</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="226" />
            <source>Host RAM (GB)</source>
            <translation>内存（GB）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="227" />
            <source>NVMe (GB)</source>
            <translation>NVMe（GB）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="228" />
            <source>Network between nodes</source>
            <translation>节点间网络</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="229" />
            <source>Spot interruption terms</source>
            <translation>竞价实例中断条款</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="230" />
            <source>Billing granularity</source>
            <translation>计费粒度</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="231" />
            <source>Minimum period (hours)</source>
            <translation>最短租期（小时）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="232" />
            <source>Setup and one-off fees (¥)</source>
            <translation>开通费及一次性费用（元）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="233" />
            <source>Storage (¥ per GB-month)</source>
            <translation>存储（元/GB·月）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="234" />
            <source>Storage included (GB)</source>
            <translation>赠送存储（GB）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="235" />
            <source>Egress (¥ per GB)</source>
            <translation>出网流量（元/GB）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="236" />
            <source>Public bandwidth (¥ per month)</source>
            <translation>公网带宽（元/月）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="237" />
            <source>Public IPs</source>
            <translation>公网 IP 数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="238" />
            <source>Public IP (¥ per IP and month)</source>
            <translation>公网 IP（元/个·月）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="239" />
            <source>VAT</source>
            <translation>增值税</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="240" />
            <source>VAT rate (e.g. 6%)</source>
            <translation>增值税率（如 6%）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="241" />
            <source>Subsidy rate (e.g. 30%)</source>
            <translation>补贴比例（如 30%）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="242" />
            <source>Subsidy cap (¥)</source>
            <translation>补贴上限（元）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="243" />
            <source>Subsidy programme (e.g. 算力券)</source>
            <translation>补贴项目（如算力券）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="244" />
            <source>Notes</source>
            <translation>备注</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="249" />
            <source>stated</source>
            <translation>已写明</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="251" />
            <source>Billing</source>
            <translation>计费方式</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="251" />
            <source>Price (¥)</source>
            <translation>价格（元）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="251" />
            <source>Per</source>
            <translation>计价单位</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="258" />
            <source>Spot (interruptible)</source>
            <translation>竞价（可被中断）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="260" />
            <source>not offered</source>
            <translation>不提供</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="262" />
            <source>per GPU</source>
            <translation>每卡</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="263" />
            <source>per node</source>
            <translation>按节点</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="265" />
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="272" />
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="293" />
            <source>not stated</source>
            <translation>未说明</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="266" />
            <source>per second</source>
            <translation>按秒</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="267" />
            <source>per minute</source>
            <translation>按分钟</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="268" />
            <source>per hour</source>
            <translation>按小时</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="269" />
            <source>per day</source>
            <translation>按天</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="272" />
            <source>prices include VAT</source>
            <translation>价格含增值税</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="272" />
            <source>prices exclude VAT</source>
            <translation>价格不含增值税</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="275" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="288" />
            <source>New provider…</source>
            <translation>新服务商…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="383" />
            <source>give the subsidy rate with its cap</source>
            <translation>填写补贴上限时请同时填写补贴比例</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="442" />
            <source>pick the provider who quoted (or add a new one)</source>
            <translation>请选择报价的服务商（或添加新服务商）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="444" />
            <location filename="../../gpudesk/ui/widgets/quote_dialog.py" line="462" />
            <source>Correct the fields marked in red.</source>
            <translation>请改正标红的字段。</translation>
        </message>
    </context>
    <context>
        <name>QuotesPage</name>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="85" />
            <source>Add…</source>
            <translation>添加…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="85" />
            <source>Type in a provider's written quote</source>
            <translation>录入一家服务商的书面报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="86" />
            <source>Edit…</source>
            <translation>编辑…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="86" />
            <source>Change the selected quote</source>
            <translation>修改所选报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="87" />
            <source>Remove</source>
            <translation>删除</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="87" />
            <source>Remove the selected quote from the plan</source>
            <translation>从方案中删除所选报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="88" />
            <source>Import sheet…</source>
            <translation>导入报价表…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="88" />
            <source>Read quotes from a provider's CSV or JSON sheet</source>
            <translation>读取服务商的 CSV 或 JSON 报价表</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="90" />
            <source>Select…</source>
            <translation>选定…</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="91" />
            <source>Choose this quote for the plan and say why (the reason prints on the 比价 page)</source>
            <translation>为方案选定此报价并说明理由（理由会打印在比价页上）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="93" />
            <source>Clear selection</source>
            <translation>取消选定</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="93" />
            <source>No quote is selected: the recommender chooses again</source>
            <translation>不选定任何报价：重新由推荐引擎选择</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="142" />
            <source>No written quote yet. A purchase is approved on written quotes from several licensed providers (usually three): add them here or import a provider's sheet.</source>
            <translation>还没有书面报价。采购审批依据的是多家持证服务商的书面报价（通常三家）：请在此添加，或导入服务商的报价表。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="151" />
            <source>%1 quotes from %2 providers; all figures for this plan's job.</source>
            <translation>共 %1 份报价，来自 %2 家服务商；所有数字均按本方案的任务计算。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="158" />
            <source>Selected: %1. Reason: %2</source>
            <translation>已选定：%1。理由：%2</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="162" />
            <source>No quote selected yet: select one with the reason for choosing it.</source>
            <translation>尚未选定报价：请选定一份并写明理由。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="211" />
            <source>Quote</source>
            <translation>报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="237" />
            <source>Remove quote</source>
            <translation>删除报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="237" />
            <source>Remove quote %1 from the plan?</source>
            <translation>从方案中删除报价 %1？</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="252" />
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="268" />
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="273" />
            <source>Import quotes</source>
            <translation>导入报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="252" />
            <source>Quote sheets (*.csv *.json)</source>
            <translation>报价表 (*.csv *.json)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="273" />
            <source>%1 quotes imported.</source>
            <translation>已导入 %1 份报价。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="286" />
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="297" />
            <source>Select quote</source>
            <translation>选定报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/pages/quotes_page.py" line="288" />
            <source>Why is quote %1 selected? (printed on the 比价 page; e.g. cheapest that fits, licensed, in Shandong)</source>
            <translation>为什么选定报价 %1？（会打印在比价页上；例如：能放下的最低价、持证经营、机房在山东）</translation>
        </message>
    </context>
    <context>
        <name>Verdict</name>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="62" />
            <source>Fits</source>
            <translation>显存够用</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="64" />
            <source>Does not fit</source>
            <translation>显存不足</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/labels.py" line="67" />
            <source>%1 of %2 usable per GPU</source>
            <translation>每卡 %1 / 可用 %2</translation>
        </message>
    </context>
    <context>
        <name>Charts</name>
        <message>
            <location filename="../../gpudesk/ui/charts/export.py" line="65" />
            <source>%1: could not save the chart (is the disk full?); nothing was replaced</source>
            <translation>%1：无法保存图表（磁盘已满？）；原文件未被替换</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="64" />
            <source>Memory per GPU</source>
            <translation>每卡显存</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="64" />
            <source>GiB per GPU (1 GiB = 2³⁰ bytes)</source>
            <translation>每卡 GiB（1 GiB = 2³⁰ 字节）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="66" />
            <source>No configuration yet</source>
            <translation>尚无配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="97" />
            <source>Headroom kept free</source>
            <translation>预留余量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="108" />
            <source>Capacity</source>
            <translation>容量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="110" />
            <source>Usable</source>
            <translation>可用</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="112" />
            <source>Total</source>
            <translation>合计</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="123" />
            <source>GPU capacity</source>
            <translation>GPU 显存容量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="149" />
            <source>Guide's quick estimate</source>
            <translation>指南快速估算</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="152" />
            <source>Quick estimate ÷ %1</source>
            <translation>快速估算 ÷ %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="159" />
            <source>in all</source>
            <translation>合计</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="161" />
            <source>per GPU</source>
            <translation>每卡</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="207" />
            <source>Cost</source>
            <translation>成本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="209" />
            <source>With trial margin</source>
            <translation>含试错余量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="211" />
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="213" />
            <source>days</source>
            <translation>天</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="218" />
            <source>+%1 % trial-and-error margin</source>
            <translation>+%1 % 试错余量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="262" />
            <source>Other options</source>
            <translation>其他方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="290" />
            <source>Pareto front</source>
            <translation>帕累托前沿</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="320" />
            <source>Hourly vs monthly billing</source>
            <translation>按小时与按月计费</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="321" />
            <source>Cost per month (%1)</source>
            <translation>每月成本（%1）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="322" />
            <source>Hours used per month</source>
            <translation>每月使用小时数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="326" />
            <source>No hourly price for the chosen configuration</source>
            <translation>所选配置没有按小时价格</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="335" />
            <source>Hourly</source>
            <translation>按小时</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="358" />
            <source>Monthly</source>
            <translation>按月</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="367" />
            <source>break-even %1 h</source>
            <translation>平衡点 %1 小时</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="376" />
            <source>Break-even</source>
            <translation>盈亏平衡点</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="378" />
            <source>month</source>
            <translation>月</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="390" />
            <source>this service</source>
            <translation>本服务</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="390" />
            <source>this job</source>
            <translation>本任务</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="409" />
            <source>Cost (%1)</source>
            <translation>成本（%1）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="411" />
            <source>Total cost vs GPU count</source>
            <translation>总成本与 GPU 数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="411" />
            <source>GPUs</source>
            <translation>GPU 数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="411" />
            <source>No priced configuration</source>
            <translation>没有带价格的配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="412" />
            <source>Days vs GPU count</source>
            <translation>天数与 GPU 数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="412" />
            <source>Days</source>
            <translation>天数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="412" />
            <source>No timed configuration</source>
            <translation>没有可估算时间的配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="413" />
            <source>Time vs cost (Pareto front)</source>
            <translation>时间与成本（帕累托前沿）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/plots.py" line="437" />
            <source>Time vs cost</source>
            <translation>时间与成本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/quotes_plot.py" line="26" />
            <source>All-in cost per quote</source>
            <translation>各报价总价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/quotes_plot.py" line="32" />
            <source>No priced quote yet</source>
            <translation>还没有带价格的报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/quotes_plot.py" line="63" />
            <source>All-in</source>
            <translation>总价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/quotes_plot.py" line="65" />
            <source>Cheapest</source>
            <translation>成本最低</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/quotes_plot.py" line="66" />
            <source>Selected</source>
            <translation>已选定</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/service_plots.py" line="30" />
            <source>Cost per month vs speed per user</source>
            <translation>每月成本与每用户速度</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/service_plots.py" line="30" />
            <source>Cost per million tokens vs GPU count</source>
            <translation>每百万 token 成本与 GPU 数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/service_plots.py" line="31" />
            <source>Time to first token vs GPU count</source>
            <translation>首 token 时间与 GPU 数量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/service_plots.py" line="38" />
            <source>Speed per user</source>
            <translation>每用户速度</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/service_plots.py" line="38" />
            <source>tokens/s</source>
            <translation>token/秒</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/service_plots.py" line="39" />
            <source>Cost per month</source>
            <translation>每月成本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/service_plots.py" line="42" />
            <source>Per million tokens</source>
            <translation>每百万 token</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/service_plots.py" line="44" />
            <source>First token</source>
            <translation>首 token</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/service_plots.py" line="46" />
            <source>below the target</source>
            <translation>低于目标</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/service_plots.py" line="62" />
            <source>Output tokens/s per user (%1 users in flight)</source>
            <translation>每用户每秒输出 token 数（并发 %1 个用户）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/service_plots.py" line="83" />
            <source>target %1</source>
            <translation>目标 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/service_plots.py" line="86" />
            <source>Target per user</source>
            <translation>每用户目标</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/service_plots.py" line="115" />
            <source>Per million tokens (%1)</source>
            <translation>每百万 token（%1）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/service_plots.py" line="124" />
            <source>First token (s)</source>
            <translation>首 token（秒）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/charts/style.py" line="377" />
            <source>Chosen</source>
            <translation>已选择</translation>
        </message>
    </context>
    <context>
        <name>Format</name>
        <message>
            <location filename="../../gpudesk/ui/fmt.py" line="15" />
            <source>empty</source>
            <translation>为空</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/fmt.py" line="24" />
            <source>not a number (try 7B, 350M or 1.5e9)</source>
            <translation>不是数字（可输入 7B、350M 或 1.5e9）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/fmt.py" line="26" />
            <source>not a finite number</source>
            <translation>不是有限数值</translation>
        </message>
    </context>
    <context>
        <name>KitDialog</name>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="51" />
            <source>Export acceptance kit</source>
            <translation>导出验收套件</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="52" />
            <source>Choose a configuration first: the kit checks the servers against it.</source>
            <translation>请先选定配置：验收套件按它检查服务器。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="55" />
            <source>Where to put the acceptance kit</source>
            <translation>验收套件的保存位置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="67" />
            <source>Acceptance kit written</source>
            <translation>验收套件已写出</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="68" />
            <source>Written: %1 and %2.

Copy it to every delivered server and run, in the dataset's folder:
    bash run.sh

Then import the gpudesk-results.json it writes (File ▸ Import kit results…).</source>
            <translation>已写出：%1 与 %2。

复制到每台交付的服务器，在数据集所在目录运行：
    bash run.sh

然后导入它写出的 gpudesk-results.json（文件 ▸ 导入验收结果…）。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="74" />
            <source>Acceptance kit written: %1</source>
            <translation>验收套件已写出：%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="88" />
            <source>Import acceptance kit results</source>
            <translation>导入验收结果</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="88" />
            <source>Kit results (*.json);;All files (*)</source>
            <translation>验收结果 (*.json);;所有文件 (*)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="97" />
            <source>Nothing was changed.

%1</source>
            <translation>未做任何修改。

%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="114" />
            <source>Kit results of %1 recorded in the checklist.</source>
            <translation>%1 的验收结果已记入检查清单。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="126" />
            <source>Acceptance kit results: %1</source>
            <translation>验收结果：%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="133" />
            <source>%1 checks to record: %2 passed, %3 failed, %4 as evidence only; %5 skipped.</source>
            <translation>将记录 %1 项检查：通过 %2 项，未通过 %3 项，仅作证据 %4 项；跳过 %5 项。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="146" />
            <source>Measured against planned</source>
            <translation>实测与方案对比</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="150" />
            <source>What</source>
            <translation>项目</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="150" />
            <source>Plan</source>
            <translation>方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="150" />
            <source>Measured</source>
            <translation>实测</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="160" />
            <source>Checklist items</source>
            <translation>检查清单项</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="162" />
            <source>pass</source>
            <translation>通过</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="162" />
            <source>fail</source>
            <translation>未通过</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="162" />
            <source>evidence</source>
            <translation>证据</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="165" />
            <source>Item</source>
            <translation>检查项</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="165" />
            <source>Verdict</source>
            <translation>结论</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="165" />
            <source>Evidence</source>
            <translation>证据</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="173" />
            <source>Record results</source>
            <translation>记录结果</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="179" />
            <source>Recalibrate the plan from the training run</source>
            <translation>根据训练测试重新校准方案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="186" />
            <source>Record and recalibrate</source>
            <translation>记录并重新校准</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="200" />
            <source>MFU: %1 planned → %2 (the synthetic run reached %3 where gpudesk predicted %4)</source>
            <translation>MFU：方案 %1 → %2（合成训练实测 %3，gpudesk 预测 %4）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="205" />
            <source>Memory per GPU: %1 → %2</source>
            <translation>每卡显存：%1 → %2</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="208" />
            <source>Training time: %1 → %2</source>
            <translation>训练时长：%1 → %2</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="211" />
            <source>Cost with the trial margin: %1 → %2</source>
            <translation>含试错余量的费用：%1 → %2</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="214" />
            <source>Kept as a new plan version: the original figures stay in the plan and in its PDF.</source>
            <translation>作为方案的新版本保存：原有数据仍保留在方案及其 PDF 中。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/kit_dialog.py" line="217" />
            <source>With the measured overhead the job no longer fits in GPU memory.</source>
            <translation>按实测开销，任务已无法装入显存。</translation>
        </message>
    </context>
    <context>
        <name>ChecklistModel</name>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="46" />
            <source>Status</source>
            <translation>状态</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="47" />
            <source>Phase</source>
            <translation>阶段</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="48" />
            <source>Check</source>
            <translation>检查项</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="49" />
            <source>Pass criterion</source>
            <translation>通过标准</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="50" />
            <source>Notes</source>
            <translation>备注</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="51" />
            <source>Checked by / at</source>
            <translation>检查人 / 时间</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="98" />
            <source>no checklist item selected</source>
            <translation>未选中检查项</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="147" />
            <source>How</source>
            <translation>方法</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="147" />
            <source>Pass if</source>
            <translation>通过标准</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="149" />
            <source>Waived because</source>
            <translation>豁免原因</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="151" />
            <source>Evidence</source>
            <translation>证据</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/checklist_model.py" line="153" />
            <source>Recorded for another configuration than the current choice: check again.</source>
            <translation>记录于与当前选择不同的配置：请重新检查。</translation>
        </message>
    </context>
    <context>
        <name>OptionsModel</name>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="64" />
            <source>Rank</source>
            <translation>排名</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="64" />
            <source>Place in the recommender's ranking for the objective</source>
            <translation>按优化目标在推荐结果中的名次</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="65" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="65" />
            <source>GPU model; the other counts of the same GPU are folded under its best row</source>
            <translation>显卡型号；同一显卡的其他数量折叠在其最佳方案下</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="66" />
            <source>GPUs</source>
            <translation>GPU 数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="66" />
            <source>GPUs in all (nodes × GPUs per node when more than one node)</source>
            <translation>显卡总数（多节点时为 节点数 × 每节点卡数）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="67" />
            <source>Provider</source>
            <translation>服务商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="67" />
            <source>Whose offer prices this configuration</source>
            <translation>该配置按哪家的报价计价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="68" />
            <source>Region</source>
            <translation>地域</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="68" />
            <source>Where the offer's data centre is</source>
            <translation>报价对应机房所在地区</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="69" />
            <source>Layout</source>
            <translation>并行布局</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="69" />
            <source>How the job is split: tensor (TP), pipeline (PP) and data (DP) parallel, ZeRO stage, offload, recomputation, micro-batch</source>
            <translation>任务如何切分：张量并行（TP）、流水线并行（PP）、数据并行（DP）、ZeRO 阶段、卸载、重计算、微批次</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="70" />
            <source>Tier</source>
            <translation>档次</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="70" />
            <source>The guide's class of setup: entry, advanced, flagship or multi-node</source>
            <translation>指南中的配置档位：入门级、进阶档、旗舰级或跨节点集群</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="71" />
            <source>Fits</source>
            <translation>显存够用</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="71" />
            <source>Whether the job fits in each GPU's usable memory</source>
            <translation>任务能否放进每张卡的可用显存</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="72" />
            <source>Memory per GPU</source>
            <translation>每卡显存</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="72" />
            <source>Memory each GPU needs, in GiB (2³⁰ bytes)</source>
            <translation>每张 GPU 所需显存，单位 GiB（2³⁰ 字节）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="73" />
            <source>Time</source>
            <translation>时间</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="73" />
            <source>Wall-clock time of the run, without the trial margin</source>
            <translation>训练实际耗时（不含试错余量）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="74" />
            <source>Cost</source>
            <translation>成本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="74" />
            <source>Rental for the run at the offer's price</source>
            <translation>按报价计算的本次租金</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="75" />
            <source>With trial margin</source>
            <translation>含试错余量</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="75" />
            <source>Cost with the margin for trial and error (tuning, re-runs)</source>
            <translation>含试错余量（调参、重跑）的费用</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="76" />
            <source>Price</source>
            <translation>价格</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="76" />
            <source>The offer's price per GPU-hour, its kind and date</source>
            <translation>报价的每卡时价格、价格类型和日期</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="77" />
            <source>Advice</source>
            <translation>建议</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="77" />
            <source>Warnings for this configuration; hover the icon to read them</source>
            <translation>该配置的警示；鼠标停在图标上查看</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="208" />
            <source>(+%1 more)</source>
            <translation>（另有 %1 个）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="213" />
            <source>own price</source>
            <translation>自定价格</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="220" />
            <source>offload</source>
            <translation>卸载</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/options_model.py" line="240" />
            <source>%1/GPU-h</source>
            <translation>%1/卡时</translation>
        </message>
    </context>
    <context>
        <name>QuotesModel</name>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="42" />
            <source>Quote</source>
            <translation>报价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="42" />
            <source>The quote's id in this plan (q1, q2, …); ★ selected, ✓ cheapest</source>
            <translation>报价在本方案中的编号（q1、q2…）；★ 已选定，✓ 最低价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="43" />
            <source>Provider</source>
            <translation>服务商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="43" />
            <source>Who quoted, and the provider's quote number</source>
            <translation>报价的服务商及其报价编号</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="44" />
            <source>Configuration</source>
            <translation>配置</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="44" />
            <source>GPUs quoted: nodes × GPUs per node, region</source>
            <translation>报价的显卡：节点数 × 每节点卡数，地区</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="45" />
            <source>Prices</source>
            <translation>价格</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="45" />
            <source>Every price the quote states, per GPU or per node and billing period</source>
            <translation>报价写明的每一项价格，按卡或按节点及计费周期</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="46" />
            <source>Valid until</source>
            <translation>有效期至</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="46" />
            <source>Last day the quote holds</source>
            <translation>报价有效的最后一天</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="47" />
            <source>Fits</source>
            <translation>显存够用</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="47" />
            <source>Whether the plan's job fits this configuration (the engine's verdict)</source>
            <translation>本方案的任务能否放进该配置（引擎的判断）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="48" />
            <source>Run time</source>
            <translation>训练时长</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="48" />
            <source>One clean run on this configuration, without the trial margin</source>
            <translation>在该配置上一次跑通所需时间（不含试错余量）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="49" />
            <source>All-in</source>
            <translation>总价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="49" />
            <source>Everything the quote costs for this job: compute at the cheapest billing mix for the run with its trial margin, storage, network, fees, subsidy and tax</source>
            <translation>该报价完成本任务的全部费用：按含试错余量的时长以最便宜的计费组合计算的算力费，加存储、网络、其他费用、补贴和税费</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="50" />
            <source>+30 %</source>
            <translation>+30%</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="50" />
            <source>All-in if the run takes 30 % longer</source>
            <translation>训练时长多 30% 时的总价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="51" />
            <source>+100 %</source>
            <translation>+100%</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="51" />
            <source>All-in if the run takes twice as long</source>
            <translation>训练时长翻倍时的总价</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="52" />
            <source>Billing</source>
            <translation>计费方式</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="52" />
            <source>The cheapest billing form or mix for the rental period</source>
            <translation>该租期内最便宜的计费方式或组合</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="53" />
            <source>Flags</source>
            <translation>提示</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/models/quotes_model.py" line="53" />
            <source>What a reviewer should know: expired, no licence or ICP filing recorded, does not fit, items not stated, spot billing</source>
            <translation>审核人需要了解的事项：已过期、未记录许可证或 ICP 备案、装不下、未写明的费用项、竞价计费</translation>
        </message>
    </context>
    <context>
        <name>RowEditor</name>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="30" />
            <source>Id (letters, digits, - . _)</source>
            <translation>编号（字母、数字、- . _）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="31" />
            <source>Name</source>
            <translation>名称</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="32" />
            <source>Chinese name</source>
            <translation>中文名称</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="33" />
            <source>English name</source>
            <translation>英文名称</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="34" />
            <source>Vendor</source>
            <translation>厂商</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="35" />
            <source>Architecture</source>
            <translation>架构</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="36" />
            <source>Memory (e.g. 80 GB)</source>
            <translation>显存（如 80 GB）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="37" />
            <source>Memory bandwidth (GB/s)</source>
            <translation>显存带宽 (GB/s)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="38" />
            <source>FP32 (TFLOPS)</source>
            <translation>FP32 (TFLOPS)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="39" />
            <source>TF32 dense (TFLOPS)</source>
            <translation>TF32 稠密算力 (TFLOPS)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="40" />
            <source>FP16 dense (TFLOPS)</source>
            <translation>FP16 稠密算力 (TFLOPS)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="41" />
            <source>BF16 dense (TFLOPS)</source>
            <translation>BF16 稠密算力 (TFLOPS)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="42" />
            <source>FP8 dense (TFLOPS)</source>
            <translation>FP8 稠密算力 (TFLOPS)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="43" />
            <source>NVLink per GPU (GB/s)</source>
            <translation>每卡 NVLink 带宽 (GB/s)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="44" />
            <source>NVLink generation</source>
            <translation>NVLink 代数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="45" />
            <source>PCIe generation</source>
            <translation>PCIe 代数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="46" />
            <source>PCIe per direction (GB/s)</source>
            <translation>PCIe 单向带宽 (GB/s)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="47" />
            <source>Form factor (sxm, pcie, oam)</source>
            <translation>外形规格（sxm、pcie、oam）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="48" />
            <source>TDP (W)</source>
            <translation>功耗 TDP (W)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="49" />
            <source>Release year</source>
            <translation>发布年份</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="50" />
            <source>Consumer card (yes/no)</source>
            <translation>消费级显卡（是/否）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="51" />
            <source>Confidence (high, medium, low)</source>
            <translation>可信度（high 高、medium 中、low 低）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="52" />
            <source>Source</source>
            <translation>来源</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="53" />
            <source>Checked on (YYYY-MM-DD)</source>
            <translation>核实日期（年-月-日）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="54" />
            <source>Market (global, china)</source>
            <translation>市场（global 全球、china 中国特供）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="55" />
            <source>Notes</source>
            <translation>备注</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="56" />
            <source>Notes in Chinese</source>
            <translation>中文备注</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="57" />
            <source>GPU id</source>
            <translation>显卡编号</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="58" />
            <source>GPUs per node</source>
            <translation>每节点 GPU 数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="59" />
            <source>Topology (nvswitch, nvlink-bridge, pcie)</source>
            <translation>拓扑（nvswitch、nvlink-bridge、pcie）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="60" />
            <source>GPU link (GB/s)</source>
            <translation>GPU 互联 (GB/s)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="61" />
            <source>CPU</source>
            <translation>CPU</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="62" />
            <source>Host RAM (e.g. 2 TiB)</source>
            <translation>主机内存（如 2 TiB）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="63" />
            <source>NVMe (e.g. 30 TB)</source>
            <translation>NVMe（如 30 TB）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="64" />
            <source>Network (infiniband, roce, ethernet)</source>
            <translation>网络（infiniband、roce、ethernet）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="65" />
            <source>Network (Gb/s)</source>
            <translation>网络 (Gb/s)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="66" />
            <source>Power (kW)</source>
            <translation>功率 (kW)</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="67" />
            <source>Telecom licence number (增值电信业务经营许可证)</source>
            <translation>增值电信业务经营许可证编号</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="68" />
            <source>Licence scope</source>
            <translation>许可范围</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="69" />
            <source>Licence scope in Chinese</source>
            <translation>中文许可范围</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="70" />
            <source>ICP filing</source>
            <translation>ICP 备案</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="71" />
            <source>Certifications (comma-separated)</source>
            <translation>资质认证（逗号分隔）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="72" />
            <source>Regions (comma-separated)</source>
            <translation>地区（逗号分隔）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="73" />
            <source>Data centres</source>
            <translation>数据中心</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="74" />
            <source>Data centres in Chinese</source>
            <translation>中文数据中心说明</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="75" />
            <source>Own data centres (yes/no)</source>
            <translation>自营机房（是/否）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="76" />
            <source>7×24 on-site support (yes/no)</source>
            <translation>7×24 驻场支持（是/否）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="77" />
            <source>Spare-parts pool (yes/no)</source>
            <translation>备件池（是/否）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="78" />
            <source>Billing modes (hourly, monthly, …)</source>
            <translation>计费方式（hourly 按小时、monthly 包月…）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="79" />
            <source>Data destruction</source>
            <translation>数据销毁</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="80" />
            <source>Registered capital</source>
            <translation>注册资本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="81" />
            <source>Registered capital in Chinese</source>
            <translation>中文注册资本</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="82" />
            <source>Source in Chinese</source>
            <translation>中文信息来源</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="83" />
            <source>Founded (year)</source>
            <translation>成立年份</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="84" />
            <source>Website</source>
            <translation>网站</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="85" />
            <source>Provider id</source>
            <translation>服务商编号</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="86" />
            <source>Node type id</source>
            <translation>节点类型编号</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="87" />
            <source>Region</source>
            <translation>地域</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="88" />
            <source>Most nodes</source>
            <translation>最多节点数</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="89" />
            <source>Price per GPU-hour (CNY)</source>
            <translation>每卡时价格（元）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="90" />
            <source>Price per GPU-month (CNY)</source>
            <translation>每卡月价格（元）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="91" />
            <source>Currency</source>
            <translation>币种</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="92" />
            <source>Price kind (quoted, list, estimate)</source>
            <translation>价格类型（quoted 报价、list 公开价、estimate 估算）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="93" />
            <source>Price date (YYYY-MM-DD)</source>
            <translation>价格日期（年-月-日）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="94" />
            <source>Billing (hourly, monthly, …)</source>
            <translation>计费方式（hourly 按小时、monthly 包月…）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="95" />
            <source>Prices include VAT (yes/no)</source>
            <translation>价格含增值税（是/否）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="96" />
            <source>Legal name</source>
            <translation>法定名称</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="97" />
            <source>Licence region</source>
            <translation>许可证覆盖地区</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="98" />
            <source>MLPS (等保) level</source>
            <translation>等保级别</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="99" />
            <source>Contact</source>
            <translation>联系方式</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="100" />
            <source>Software stack (cuda, rocm, cann, dtk, xpu, musa, neuware)</source>
            <translation>软件栈（cuda、rocm、cann、dtk、xpu、musa、neuware）</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="108" />
            <source>required</source>
            <translation>必填</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="110" />
            <source>not a number</source>
            <translation>不是数字</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="112" />
            <source>must be at least %1</source>
            <translation>不能小于 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="114" />
            <source>must be at most %1</source>
            <translation>不能大于 %1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="116" />
            <source>must be one of %1</source>
            <translation>必须是以下之一：%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="118" />
            <source>answer yes or no</source>
            <translation>请填写“是”或“否”</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="122" />
            <source>lowercase letters, digits, '-', '.' and '_' only, starting with a letter or digit</source>
            <translation>只能使用小写字母、数字和“-”“.”“_”，并以字母或数字开头</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="124" />
            <source>a date as YYYY-MM-DD</source>
            <translation>日期格式为 YYYY-MM-DD</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="126" />
            <source>billing modes: %1</source>
            <translation>计费方式只能是：%1</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="166" />
            <source>Fields in bold are required; an empty field reads "unknown".</source>
            <translation>粗体为必填项；留空即为“未知”。</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="176" />
            <source>yes</source>
            <translation>是</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="176" />
            <source>no</source>
            <translation>否</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="180" />
            <source>unknown</source>
            <translation>未知</translation>
        </message>
        <message>
            <location filename="../../gpudesk/ui/widgets/row_editor.py" line="255" />
            <source>Correct the fields marked in red.</source>
            <translation>请改正标红的字段。</translation>
        </message>
    </context>
</TS>