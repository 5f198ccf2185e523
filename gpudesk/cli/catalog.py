"""`gpudesk catalog`: list, show, import, export and build the offline catalogue."""

from __future__ import annotations

import json
import sys

from gpudesk.cli.table import pad, table, width
from gpudesk.cli.words import command

KINDS = ("gpus", "servers", "providers", "offers", "models")


def register(subparsers) -> None:
    p = subparsers.add_parser("catalog", **command("catalog"))
    sub = p.add_subparsers(dest="catalog_command", metavar="WHAT", parser_class=type(p))
    for kind in KINDS:
        k = sub.add_parser(kind, help=f"list {kind}")
        k.add_argument("--json", action="store_true", help="print JSON (a list of objects)")
        k.set_defaults(func=_list, kind=kind)
    s = sub.add_parser("show", help="show one entry by id")
    s.add_argument("id")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=_show)
    i = sub.add_parser("import", help="import a price sheet of offers (CSV or JSON) into your own database")
    i.add_argument("file")
    i.add_argument("--dry-run", action="store_true", help="validate only, change nothing")
    i.set_defaults(func=_import)
    e = sub.add_parser("export", help="export offers as CSV, TSV, .xlsx or JSON (by the file's suffix)")
    e.add_argument("--kind", choices=["offers"], default="offers")
    e.add_argument("--user-only", action="store_true", help="only your own offers and price overrides")
    e.add_argument("file")
    e.set_defaults(func=_export)
    from gpudesk.cli.provider import register_into

    register_into(sub)
    b = sub.add_parser("build", help="compile data/ into the bundled catalogue (resources/catalog.sqlite)")
    b.add_argument("--data", help="source folder (default: the checkout's data/)")
    b.add_argument("--output", help="database to write (default: resources/catalog.sqlite)")
    b.add_argument(
        "--check", action="store_true", help="build into a temporary file and report whether the bundled file matches"
    )
    b.set_defaults(func=_build)
    p.set_defaults(func=lambda args: (p.print_help(), 2)[1])


# --- rendering -------------------------------------------------------------------------------


def _u(v, fmt="{}") -> str:
    from gpudesk.core.i18n import t

    return t("unknown", "未知") if v is None else fmt.format(v)


def _num(v, digits=1, *, exact: bool = False) -> str:
    """A catalogue figure through core's formatter: `digits` decimals, trailing decimal zeros dropped
    (989.5, 1,979); `exact` keeps them (prices: 2.20). Zeros of the whole part always stay (1,320)."""
    from gpudesk.core import units

    if v is None:
        return _u(None)
    text = units.number(v, digits)
    return text if exact or "." not in text else text.rstrip("0").rstrip(".")


def _gb(b) -> str:
    from gpudesk.core import units

    return units.marketed(b)  # hardware as sold: an A100 40GB lists 40 GB


def _rows(kind: str, cat):
    if kind == "gpus":
        heads = [
            "id",
            "name",
            "memory",
            "GB/s",
            "FP32",
            "BF16",
            "FP8",
            "NVLink GB/s",
            "form",
            "TDP W",
            "year",
            "confidence",
        ]
        rows = [
            [
                g.id,
                g.name,
                _gb(g.memory_bytes),
                _num(g.memory_bandwidth_gbps),
                _num(g.tflops_fp32),
                _num(g.tflops_bf16),
                _num(g.tflops_fp8),
                "—" if g.nvlink_gbps is None and g.nvlink_generation is None else _num(g.nvlink_gbps),
                _u(g.form_factor),
                _num(g.tdp_watts),
                _u(g.release_year),
                g.confidence + (" (user)" if g.user else ""),
            ]
            for g in cat.gpus()
        ]
        return heads, rows, {2, 3, 4, 5, 6, 7, 9}
    if kind == "servers":
        heads = ["id", "name", "GPUs", "topology", "GB/s/GPU", "network", "Gb/s", "host RAM", "kW"]
        rows = [
            [
                s.id,
                s.name,
                str(s.gpus_per_node),
                s.topology,
                _num(s.intra_node_gbps),
                _u(s.network),
                _num(s.network_gbps),
                _gb(s.host_ram_bytes),
                _num(s.power_kw),
            ]
            for s in cat.servers()
        ]
        return heads, rows, {2, 4, 6, 8}
    if kind == "providers":
        heads = ["id", "名称", "name", "licence / 许可证", "ICP", "certifications", "regions"]
        rows = [
            [
                p.id,
                _u(p.name_zh),
                _u(p.name_en),
                _u(p.licence_number),
                _u(p.icp_filing),
                ", ".join(p.certifications) or _u(None),
                ", ".join(p.regions) or _u(None),
            ]
            for p in cat.providers()
        ]
        return heads, rows, set()
    if kind == "offers":
        heads = ["id", "provider", "gpu", "×", "region", "CNY/GPU-h", "CNY/GPU-month", "kind", "date"]
        rows = [
            [
                o.id,
                o.provider,
                o.gpu,
                str(o.gpus_per_node),
                _u(o.region),
                _num(o.price_per_gpu_hour, 2, exact=True),
                _num(o.price_per_gpu_month, 0),
                _u(o.price_kind) + (" (user)" if o.user else ""),
                _u(o.price_date),
            ]
            for o in cat.offers()
        ]
        return heads, rows, {3, 5, 6}
    heads = ["id", "name", "task class", "params", "family"]
    rows = []
    for m in cat.models():
        rows.append([m.id, m.name, m.task_class, _params(m.arch), m.arch.family])
    return heads, rows, {3}


def _params(arch) -> str:
    try:
        from gpudesk.core.engine.architecture import count_params

        n = count_params(arch).total
    except Exception:  # noqa: BLE001 - a listing should not fail on one preset
        return _u(arch.params_hint)
    return f"{n / 1e9:.2f} B" if n >= 1e9 else f"{n / 1e6:.0f} M"


def row_json(kind: str, row) -> dict:
    """JSON object of one catalogue row: `id`, the fields, `source` (stable English keys)."""
    if kind == "models":
        d = {"id": row.id, "name": row.name, "task_class": row.task_class, "source": row.source, "checked": row.checked}
        try:
            from gpudesk.core.engine.architecture import count_params

            c = count_params(row.arch)
            d["params_total"], d["params_active"] = c.total, c.active
        except Exception:  # noqa: BLE001
            d["params_total"] = d["params_active"] = None
        d["arch"] = row.arch.model_dump(mode="json")
        return d
    return row.model_dump(mode="json")


# --- handlers --------------------------------------------------------------------------------


def _list(args) -> int:
    from gpudesk.catalog import open_catalog

    cat = open_catalog()
    items = cat.models() if args.kind == "models" else getattr(cat, args.kind)()
    if args.json:
        json.dump([row_json(args.kind, r) for r in items], sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    heads, rows, right = _rows(args.kind, cat)
    print(table(heads, rows, right))
    meta = cat.meta
    print(
        f"\n{len(rows)} {args.kind}; catalogue {meta.catalog_date} ({meta.content_hash[:12]})"
        + ("; offers: prices change, check each one's kind and date" if args.kind == "offers" else "")
    )
    return 0


def _show(args) -> int:
    from gpudesk.catalog import open_catalog

    cat = open_catalog()
    kind, row = cat.find(args.id)
    data = row_json(kind, row)
    if args.json:
        json.dump({"kind": kind, **data}, sys.stdout, ensure_ascii=False, indent=2)
        sys.stdout.write("\n")
        return 0
    print(f"[{kind}] {data.get('name') or data.get('name_zh') or data['id']}")
    flat = {k: v for k, v in data.items() if k != "arch"}
    if kind == "models":
        flat.update({f"arch.{k}": v for k, v in data["arch"].items() if v not in (None, [], {})})
    key_width = max(width(k) for k in flat)
    for k, v in flat.items():
        if isinstance(v, list):
            v = ", ".join(map(str, v)) if v else None
        print(f"  {pad(k, key_width)}  {_u(v)}")
    related = []
    if kind == "gpus":
        related = [o for o in cat.offers() if o.gpu == row.id]
    elif kind == "providers":
        related = [o for o in cat.offers() if o.provider == row.id]
    if related:
        print("\noffers:")
        print(
            table(
                ["id", "provider", "gpu", "×", "CNY/GPU-h", "CNY/GPU-month", "kind", "date"],
                [
                    [
                        o.id,
                        o.provider,
                        o.gpu,
                        str(o.gpus_per_node),
                        _num(o.price_per_gpu_hour, 2, exact=True),
                        _num(o.price_per_gpu_month, 0),
                        _u(o.price_kind),
                        _u(o.price_date),
                    ]
                    for o in related
                ],
                {3, 4, 5},
            )
        )
    return 0


def _import(args) -> int:
    from pathlib import Path

    from gpudesk.catalog import open_catalog
    from gpudesk.catalog.importer import SheetRejected, import_sheet, validate_sheet

    cat = open_catalog()
    if args.dry_run:
        providers, offers, problems = validate_sheet(Path(args.file), cat)
        if problems:
            raise SheetRejected(Path(args.file), problems)
        print(f"{args.file}: {len(offers)} offers and {len(providers)} providers are valid (nothing changed)")
        return 0
    res = import_sheet(args.file, cat)
    print(
        f"imported {res.offers} offers ({len(res.offers_added)} new, {len(res.offers_updated)} replaced)"
        + (
            f" and {len(res.providers_added) + len(res.providers_updated)} providers"
            if res.providers_added or res.providers_updated
            else ""
        )
        + f" into {res.user_db}"
    )
    return 0


def _export(args) -> int:
    from gpudesk.export.offers import export_offers

    n = export_offers(args.file, user_only=args.user_only)
    print(f"exported {n} offers to {args.file}")
    return 0


def _build(args) -> int:
    from pathlib import Path

    from gpudesk import paths
    from gpudesk.catalog.build import build, same_content

    if args.check:
        import tempfile

        target = Path(args.output) if args.output else paths.BUNDLED_CATALOG
        with tempfile.TemporaryDirectory() as tmp:
            fresh = Path(tmp) / "catalog.sqlite"
            build(args.data, fresh)
            ok, why = same_content(fresh, target)
        print(f"{target}: {'matches a fresh build' if ok else 'differs from a fresh build: ' + why}")
        return 0 if ok else 1
    meta = build(args.data, args.output)
    print(
        f"built {args.output or paths.BUNDLED_CATALOG}: schema {meta['schema_version']}, "
        f"content {meta['content_hash'][:12]}, catalogue date {meta['catalog_date']}"
    )
    return 0
