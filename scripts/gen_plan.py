#!/usr/bin/env python3
"""Writes a synthetic `terraform show -json` plan of N resources for benchmarking tfw.

    scripts/gen_plan.py N [--seed S] [-o FILE]

The plan has the shape Terraform 1.11 prints (copied from real `show -json` output of
terraform_data and of hashicorp/aws 5.100 resources): planned_values, resource_changes,
prior_state and configuration, compact JSON, resources in modules and module instances.
It holds, out of N resources:

  - no-ops (most of it) and in-place updates;
  - renames: a plain delete at the old address and a plain create at the new one with
    equal known attributes. Across names, from the root into modules, between modules,
    from count indexes to for_each keys, and between module instance keys;
  - identical twins: two deletions and two creations that are all equal. Half of the
    pairs have a dependent that tells them apart (moves by dependency), half do not (a
    tie: no move);
  - real deletes, real creates and forced replacements, which must not pair.

The output is deterministic for a given N and seed. A summary line with the counts and
the number of moves the matcher should find goes to stderr:

    gen_plan: resources=… changes=… renames=… twin_pairs_resolvable=… … expected_moves=…

Standard library only.
"""

import argparse
import json
import random
import sys
import uuid

TF_PROVIDER = "terraform.io/builtin/terraform"
AWS_PROVIDER = "registry.terraform.io/hashicorp/aws"
REGION = "eu-west-1"
ACCOUNT = "000000000000"

dumps = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False).encode


def fake_uuid(rng):
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def hex_id(rng, n=17):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


# ---------------------------------------------------------------------------------------
# Resource types: configured values (what a create plans), the values state holds after
# apply, after_unknown of a create, and the sensitive masks.


def false_mask(value):
    """Terraform's *_sensitive shape: lists mirrored with false, objects with their
    non-scalar members, scalars dropped."""
    if isinstance(value, list):
        return [false_mask(v) if isinstance(v, (list, dict)) else False for v in value]
    if isinstance(value, dict):
        return {k: false_mask(v) for k, v in value.items() if isinstance(v, (list, dict))}
    return False


class TerraformData:
    type = "terraform_data"
    provider = TF_PROVIDER
    config_key = "terraform"

    def configured(self, u, variant):
        tiers = ["web", "api", "worker", "batch", "cache"]
        if u % 2:  # half are plain strings, as `input = "..."` is most often
            value = f"svc-{u}"
            return {"input": value + f"-r{variant}" if variant else value, "triggers_replace": None}
        value = {"name": f"svc-{u}", "tier": tiers[u % len(tiers)]}
        if u % 10 == 0:  # a tenth carry nested values: a list and a map
            value["ports"] = [8000 + u % 100, 9000 + u % 50]
            value["labels"] = {"team": f"team-{u % 37}", "env": "prod" if u % 3 else "staging"}
        if variant:
            value["revision"] = variant
        return {"input": value, "triggers_replace": None}

    def unknown(self, configured):
        return {"id": True, "output": True}

    def state(self, configured, rng):
        return {"id": fake_uuid(rng), "input": configured["input"], "output": configured["input"],
                "triggers_replace": None}

    def expressions(self, configured):
        return {"input": {"constant_value": configured["input"]}}


class S3Bucket:
    type = "aws_s3_bucket"
    provider = AWS_PROVIDER
    config_key = "aws"

    def configured(self, u, variant):
        return {"bucket": f"tfw-bench-{u}-{variant}" if variant else f"tfw-bench-{u}", "force_destroy": False,
                "tags": {"Purpose": "logs", "Owner": f"team-{u % 37}"},
                "tags_all": {"Purpose": "logs", "Owner": f"team-{u % 37}"}, "timeouts": None}

    def unknown(self, configured):
        keys = ["acceleration_status", "acl", "arn", "bucket_domain_name", "bucket_prefix",
                "bucket_regional_domain_name", "cors_rule", "grant", "hosted_zone_id", "id", "lifecycle_rule",
                "logging", "object_lock_configuration", "object_lock_enabled", "policy", "region",
                "replication_configuration", "request_payer", "server_side_encryption_configuration",
                "versioning", "website", "website_domain", "website_endpoint"]
        out = {k: True for k in keys}
        out["tags"] = {}
        out["tags_all"] = {}
        return dict(sorted(out.items()))

    def state(self, configured, rng):
        b = configured["bucket"]
        values = dict(configured)
        values.update({
            "acceleration_status": "", "acl": None, "arn": f"arn:aws:s3:::{b}",
            "bucket_domain_name": f"{b}.s3.amazonaws.com", "bucket_prefix": "",
            "bucket_regional_domain_name": f"{b}.s3.{REGION}.amazonaws.com", "cors_rule": [],
            "grant": [{"id": hex_id(rng, 64), "permissions": ["FULL_CONTROL"], "type": "CanonicalUser", "uri": ""}],
            "hosted_zone_id": "Z1BKCTXD74EZPE", "id": b, "lifecycle_rule": [], "logging": [],
            "object_lock_configuration": [], "object_lock_enabled": False, "policy": "", "region": REGION,
            "replication_configuration": [], "request_payer": "BucketOwner",
            "server_side_encryption_configuration": [{"rule": [{"apply_server_side_encryption_by_default": [
                {"kms_master_key_id": "", "sse_algorithm": "AES256"}], "bucket_key_enabled": False}]}],
            "versioning": [{"enabled": False, "mfa_delete": False}], "website": [], "website_domain": None,
            "website_endpoint": None,
        })
        return dict(sorted(values.items()))

    def expressions(self, configured):
        return {"bucket": {"constant_value": configured["bucket"]}, "tags": {"constant_value": configured["tags"]}}


class Vpc:
    type = "aws_vpc"
    provider = AWS_PROVIDER
    config_key = "aws"

    def configured(self, u, variant):
        name = f"vpc-{u}-{variant}" if variant else f"vpc-{u}"
        return {"assign_generated_ipv6_cidr_block": None, "cidr_block": f"10.{u % 250}.{(u // 250) % 250}.0/24",
                "enable_dns_hostnames": True, "enable_dns_support": True, "instance_tenancy": "default",
                "ipv4_ipam_pool_id": None, "ipv4_netmask_length": None, "ipv6_ipam_pool_id": None,
                "ipv6_netmask_length": None, "tags": {"Name": name}, "tags_all": {"Name": name}}

    def unknown(self, configured):
        out = {k: True for k in ["arn", "default_network_acl_id", "default_route_table_id",
                                 "default_security_group_id", "dhcp_options_id",
                                 "enable_network_address_usage_metrics", "id", "ipv6_association_id",
                                 "ipv6_cidr_block", "ipv6_cidr_block_network_border_group", "main_route_table_id",
                                 "owner_id"]}
        out["tags"] = {}
        out["tags_all"] = {}
        return dict(sorted(out.items()))

    def state(self, configured, rng):
        vid = "vpc-0" + hex_id(rng, 16)
        values = dict(configured)
        values.update({
            "arn": f"arn:aws:ec2:{REGION}:{ACCOUNT}:vpc/{vid}", "default_network_acl_id": "acl-0" + hex_id(rng, 16),
            "default_route_table_id": "rtb-0" + hex_id(rng, 16), "default_security_group_id": "sg-0" + hex_id(rng, 16),
            "dhcp_options_id": "dopt-0" + hex_id(rng, 16), "enable_network_address_usage_metrics": False, "id": vid,
            "ipv6_association_id": "", "ipv6_cidr_block": "", "ipv6_cidr_block_network_border_group": "",
            "main_route_table_id": "rtb-0" + hex_id(rng, 16), "owner_id": ACCOUNT,
        })
        return dict(sorted(values.items()))

    def expressions(self, configured):
        return {"cidr_block": {"constant_value": configured["cidr_block"]},
                "enable_dns_hostnames": {"constant_value": True}, "tags": {"constant_value": configured["tags"]}}


class SecurityGroup:
    type = "aws_security_group"
    provider = AWS_PROVIDER
    config_key = "aws"

    def configured(self, u, variant):
        name = f"sg-{u}-{variant}" if variant else f"sg-{u}"
        port = 1024 + u % 60000
        return {"description": f"tier {u % 7}", "ingress": [
            {"cidr_blocks": ["10.0.0.0/8"], "description": "", "from_port": port, "ipv6_cidr_blocks": [],
             "prefix_list_ids": [], "protocol": "tcp", "security_groups": [], "self": False, "to_port": port}],
                "name": name, "revoke_rules_on_delete": False, "tags": {"Name": name}, "tags_all": {"Name": name},
                "timeouts": None, "vpc_id": "vpc-0e2e0000000000001"}

    def unknown(self, configured):
        return {"arn": True, "egress": True, "id": True,
                "ingress": [{"cidr_blocks": [False], "ipv6_cidr_blocks": [], "prefix_list_ids": [],
                             "security_groups": []}], "name_prefix": True, "owner_id": True, "tags": {},
                "tags_all": {}}

    def state(self, configured, rng):
        gid = "sg-0" + hex_id(rng, 16)
        values = dict(configured)
        values.update({"arn": f"arn:aws:ec2:{REGION}:{ACCOUNT}:security-group/{gid}", "egress": [], "id": gid,
                       "name_prefix": "", "owner_id": ACCOUNT})
        return dict(sorted(values.items()))

    def expressions(self, configured):
        return {"description": {"constant_value": configured["description"]},
                "name": {"constant_value": configured["name"]}, "vpc_id": {"constant_value": configured["vpc_id"]}}


class IamRole:
    type = "aws_iam_role"
    provider = AWS_PROVIDER
    config_key = "aws"

    def configured(self, u, variant):
        name = f"role-{u}-{variant}" if variant else f"role-{u}"
        policy = dumps({"Statement": [{"Action": "sts:AssumeRole", "Effect": "Allow",
                                       "Principal": {"Service": "ec2.amazonaws.com"}}], "Version": "2012-10-17"})
        return {"assume_role_policy": policy, "description": None, "force_detach_policies": False,
                "max_session_duration": 3600, "name": name, "path": "/", "permissions_boundary": None,
                "tags": {"Team": f"team-{u % 37}"}, "tags_all": {"Team": f"team-{u % 37}"}}

    def unknown(self, configured):
        return {"arn": True, "create_date": True, "id": True, "inline_policy": True, "managed_policy_arns": True,
                "name_prefix": True, "tags": {}, "tags_all": {}, "unique_id": True}

    def state(self, configured, rng):
        values = dict(configured)
        values.update({"arn": f"arn:aws:iam::{ACCOUNT}:role/{configured['name']}",
                       "create_date": "2024-05-01T12:00:00Z", "id": configured["name"], "inline_policy": [],
                       "managed_policy_arns": [], "name_prefix": "", "unique_id": "AROA" + hex_id(rng, 17).upper()})
        return dict(sorted(values.items()))

    def expressions(self, configured):
        return {"assume_role_policy": {}, "name": {"constant_value": configured["name"]},
                "tags": {"constant_value": configured["tags"]}}


TYPES = [TerraformData(), S3Bucket(), Vpc(), SecurityGroup(), IamRole()]
# Mostly terraform_data, as in the end-to-end benchmark, and some AWS resources for their
# larger, nested values (computed attributes, blocks as lists, sensitive masks).
TYPE_WEIGHTS = [96, 1, 1, 1, 1]
TYPE_PREFIX = {"terraform_data": "svc", "aws_s3_bucket": "logs", "aws_vpc": "net", "aws_security_group": "sg",
               "aws_iam_role": "role"}

# ---------------------------------------------------------------------------------------
# Addresses


def hcl_key(key):
    if isinstance(key, int):
        return f"[{key}]"
    return "[" + json.dumps(key, ensure_ascii=False).replace("${", "$${").replace("%{", "%%{") + "]"


class Module:
    """A module instance: a path of (call name, key or None)."""

    def __init__(self, steps):
        self.steps = tuple(steps)

    def address(self):
        return ".".join(f"module.{name}" + ("" if key is None else hcl_key(key)) for name, key in self.steps)

    def calls(self):
        return tuple(name for name, _ in self.steps)


ROOT = Module([])


class Instance:
    def __init__(self, module, rtype, name, key=None):
        self.module = module
        self.rtype = rtype
        self.name = name
        self.key = key

    def address(self):
        local = f"{self.rtype.type}.{self.name}" + ("" if self.key is None else hcl_key(self.key))
        prefix = self.module.address()
        return f"{prefix}.{local}" if prefix else local

    def config_address(self):
        """Absolute, keys dropped: module.a.module.b.terraform_data.x."""
        parts = [f"module.{c}" for c in self.module.calls()] + [f"{self.rtype.type}.{self.name}"]
        return ".".join(parts)


# ---------------------------------------------------------------------------------------
# The plan


class Plan:
    def __init__(self):
        self.changes = []     # (address, json text)
        self.planned = {}     # module address -> [json text]
        self.prior = {}       # module address -> [json text]
        self.config = {}      # config module path (tuple of calls) -> {"resources": {addr: json}, "calls": {...}}
        self.module_calls = {}  # call path tuple -> {"for_each": bool, "count": bool}

    def _config_module(self, calls):
        node = self.config.setdefault((), {"resources": {}})
        for i in range(1, len(calls) + 1):
            node = self.config.setdefault(tuple(calls[:i]), {"resources": {}})
        return node

    def declare(self, inst, configured, repetition=None, references=None):
        """The configuration block of inst's resource (once per resource, not instance)."""
        node = self._config_module(inst.module.calls())
        local = f"{inst.rtype.type}.{inst.name}"
        if local in node["resources"]:
            return
        block = {"address": local, "mode": "managed", "type": inst.rtype.type, "name": inst.name,
                 "provider_config_key": inst.rtype.config_key}
        expressions = inst.rtype.expressions(configured)
        if references:
            expressions = dict(expressions)
            expressions["input"] = {"references": references}
        block["expressions"] = expressions
        block["schema_version"] = 0
        if repetition == "count":
            block["count_expression"] = {"constant_value": 3}
        elif repetition == "for_each":
            block["for_each_expression"] = {"references": ["local.keys"]}
        node["resources"][local] = dumps(block)
        for i in range(1, len(inst.module.steps) + 1):
            name, key = inst.module.steps[i - 1]
            call = self.module_calls.setdefault(tuple(inst.module.calls()[:i]), {"for_each": False, "count": False})
            if isinstance(key, str):
                call["for_each"] = True
            elif isinstance(key, int):
                call["count"] = True

    def _values_entry(self, inst, values, depends_on=None):
        entry = {"address": inst.address(), "mode": "managed", "type": inst.rtype.type, "name": inst.name}
        if inst.key is not None:
            entry["index"] = inst.key
        entry.update({"provider_name": inst.rtype.provider, "schema_version": 0, "values": values,
                      "sensitive_values": false_mask(values)})
        if depends_on:
            entry["depends_on"] = depends_on
        return dumps(entry)

    def planned_value(self, inst, values):
        self.planned.setdefault(inst.module.address(), []).append(self._values_entry(inst, values))

    def prior_value(self, inst, values, depends_on=None):
        self.prior.setdefault(inst.module.address(), []).append(self._values_entry(inst, values, depends_on))

    def change(self, inst, actions, before, after, after_unknown, reason=None):
        entry = {"address": inst.address()}
        if inst.module.steps:
            entry["module_address"] = inst.module.address()
        entry.update({"mode": "managed", "type": inst.rtype.type, "name": inst.name})
        if inst.key is not None:
            entry["index"] = inst.key
        entry["provider_name"] = inst.rtype.provider
        entry["change"] = {
            "actions": actions, "before": before, "after": after, "after_unknown": after_unknown,
            "before_sensitive": false_mask(before) if before is not None else False,
            "after_sensitive": false_mask(after) if after is not None else False,
        }
        if reason:
            entry["action_reason"] = reason
        self.changes.append((inst.address(), dumps(entry)))

    # -- writing

    def _module_tree(self, by_module, out):
        """planned_values/prior_state `root_module` with nested child_modules."""
        children = {}
        for address in by_module:
            if address:
                children.setdefault(address, None)
        # Parent of module.a["x"].module.b is module.a["x"]: split on the last `.module.`.
        tree = {"": []}
        for address in sorted(children):
            parent = address.rsplit(".module.", 1)[0] if ".module." in address else ""
            tree.setdefault(parent, []).append(address)
            tree.setdefault(address, [])

        def write(address):
            out.write('{"resources":[')
            out.write(",".join(by_module.get(address, [])))
            out.write("]")
            kids = tree.get(address, [])
            if kids:
                out.write(',"child_modules":[')
                for i, kid in enumerate(kids):
                    if i:
                        out.write(",")
                    write(kid)
                out.write("]")
            if address:
                out.write(',"address":' + dumps(address))
            out.write("}")

        write("")

    def _config_tree(self, calls, out):
        node = self.config.get(calls, {"resources": {}})
        out.write('{"resources":[' + ",".join(node["resources"][k] for k in sorted(node["resources"])) + "]")
        kids = sorted({path[len(calls)] for path in self.config if len(path) == len(calls) + 1 and path[:len(calls)] == calls})
        if kids:
            out.write(',"module_calls":{')
            for i, name in enumerate(kids):
                if i:
                    out.write(",")
                path = calls + (name,)
                info = self.module_calls.get(path, {})
                out.write(dumps(name) + ':{"source":' + dumps(f"./modules/{name.split('_')[0]}"))
                if info.get("for_each"):
                    out.write(',"for_each_expression":{"references":["local.keys"]}')
                elif info.get("count"):
                    out.write(',"count_expression":{"constant_value":3}')
                out.write(',"module":')
                self._config_tree(path, out)
                out.write("}")
            out.write("}")
        out.write("}")

    def write(self, out):
        out.write('{"format_version":"1.2","terraform_version":"1.11.4","planned_values":{"root_module":')
        self._module_tree(self.planned, out)
        out.write('},"resource_changes":[')
        self.changes.sort(key=lambda c: c[0])
        out.write(",".join(text for _, text in self.changes))
        out.write('],"prior_state":{"format_version":"1.0","terraform_version":"1.11.4","values":{"root_module":')
        self._module_tree(self.prior, out)
        out.write('}},"configuration":{"provider_config":{"aws":{"name":"aws","full_name":"' + AWS_PROVIDER +
                  '","expressions":{"region":{"constant_value":"' + REGION + '"}}},'
                  '"terraform":{"name":"terraform","full_name":"' + TF_PROVIDER + '"}},"root_module":')
        self._config_tree((), out)
        out.write('},"timestamp":"2025-01-01T00:00:00Z","applyable":true,"complete":true,"errored":false}\n')


def known_after(rtype, configured):
    """A create's planned values: the configured ones (unknowns are absent)."""
    return configured


def generate(n, seed):
    rng = random.Random(seed)
    plan = Plan()
    counts = {"resources": 0, "no_op": 0, "update": 0, "renames": 0, "twin_pairs_resolvable": 0,
              "twin_pairs_tied": 0, "deletes": 0, "creates": 0, "replaces": 0}
    teams = max(4, n // 400)
    regions = ["eu-west-1", "eu-central-1", "us-east-1", "us-west-2", "ap-south-1"]
    u = 0

    def next_u():
        nonlocal u
        u += 1
        return u

    def pick_type():
        return rng.choices(TYPES, weights=TYPE_WEIGHTS)[0]

    def home():
        r = rng.random()
        if r < 0.35:
            return ROOT
        if r < 0.75:
            return Module([(f"team_{rng.randrange(teams)}", None)])
        if r < 0.9:
            return Module([("region", rng.choice(regions))])
        return Module([(f"team_{rng.randrange(teams)}", None), ("db", None)])

    def stays(inst, configured, action="no-op"):
        state = inst.rtype.state(configured, rng)
        if action == "no-op":
            plan.change(inst, ["no-op"], state, state, {})
            plan.planned_value(inst, state)
            counts["no_op"] += 1
        else:
            after = dict(state)
            if "tags" in after:
                after["tags"] = after["tags_all"] = {**after["tags"], "Changed": "yes"}
            elif isinstance(after["input"], dict):
                after["input"] = {**after["input"], "changed": True}
            else:
                after["input"] = after["input"] + "-changed"
            if inst.rtype.type == "terraform_data":
                after["output"] = None
                plan.change(inst, ["update"], state, {k: v for k, v in after.items() if k != "output"},
                            {"output": True})
            else:
                plan.change(inst, ["update"], state, after, {})
            plan.planned_value(inst, after)
            counts["update"] += 1
        plan.prior_value(inst, state)
        plan.declare(inst, configured, "count" if isinstance(inst.key, int) else
                     "for_each" if isinstance(inst.key, str) else None)
        counts["resources"] += 1

    def deleted(inst, state, reason, depends_on=None):
        plan.change(inst, ["delete"], state, None, {}, reason)
        plan.prior_value(inst, state, depends_on)

    def created(inst, configured, repetition=None, references=None, unknown_extra=None):
        unknown = inst.rtype.unknown(configured)
        after = known_after(inst.rtype, configured)
        if unknown_extra:
            after = {k: v for k, v in after.items() if k not in unknown_extra}
            unknown = dict(unknown, **{k: True for k in unknown_extra})
        plan.change(inst, ["create"], None, after, unknown)
        plan.planned_value(inst, after)
        plan.declare(inst, configured, repetition, references)
        counts["resources"] += 1

    def rename():
        rtype = pick_type()
        ident = next_u()
        configured = rtype.configured(ident, 0)
        state = rtype.state(configured, rng)
        prefix = TYPE_PREFIX[rtype.type]
        style = rng.randrange(5)
        if style == 0:  # a new name in the same module
            module = home()
            old = Instance(module, rtype, f"{prefix}_{ident}")
            new = Instance(module, rtype, f"{prefix}_{ident}_v2")
            reason, repetition = "delete_because_no_resource_config", None
        elif style == 1:  # from the root into a module
            old = Instance(ROOT, rtype, f"{prefix}_{ident}")
            new = Instance(Module([(f"team_{rng.randrange(teams)}", None)]), rtype, f"{prefix}_{ident}")
            reason, repetition = "delete_because_no_resource_config", None
        elif style == 2:  # between modules
            a, b = rng.sample(range(teams), 2)
            old = Instance(Module([(f"team_{a}", None)]), rtype, f"{prefix}_{ident}")
            new = Instance(Module([(f"team_{b}", None), ("db", None)]), rtype, f"{prefix}_{ident}")
            reason, repetition = "delete_because_no_module" if rng.random() < 0.5 else "delete_because_no_resource_config", None
        elif style == 3:  # count index -> for_each key
            module = home()
            index = rng.randrange(3)
            old = Instance(module, rtype, f"pool_{ident}", index)
            new = Instance(module, rtype, f"pool_{ident}", f"member-{index}")
            reason, repetition = "delete_because_each_key", "for_each"
        else:  # a module instance key renamed
            old_region, new_region = rng.sample(regions, 2)
            old = Instance(Module([("region", old_region)]), rtype, f"{prefix}_{ident}")
            new = Instance(Module([("region", new_region + "-b")]), rtype, f"{prefix}_{ident}")
            reason, repetition = "delete_because_each_key", None
        deleted(old, state, reason)
        created(new, configured, repetition)
        counts["renames"] += 1

    def twins(resolvable):
        ident = next_u()
        rtype = TYPES[0]
        configured = {"input": {"role": "worker", "pool": f"pool-{ident}"}, "triggers_replace": None}
        olds = [Instance(ROOT, rtype, f"worker_{ident}_{side}") for side in "ab"]
        news = [Instance(ROOT, rtype, f"node_{ident}_{side}") for side in "ab"]
        for side in range(2):
            deleted(olds[side], rtype.state(configured, rng), "delete_because_no_resource_config")
            created(news[side], configured)
        if resolvable:
            # Each twin has a dependent that stays put; it referred to the old and now to the new.
            for side in range(2):
                dep = Instance(ROOT, rtype, f"watch_{ident}_{side}")
                dep_conf = {"input": {"watching": f"{ident}-{side}"}, "triggers_replace": None}
                dep_state = rtype.state(dep_conf, rng)
                plan.change(dep, ["update"], dep_state, {"triggers_replace": None}, {"input": True, "output": True})
                plan.planned_value(dep, {"triggers_replace": None})
                plan.prior_value(dep, dep_state, [olds[side].config_address()])
                plan.declare(dep, dep_conf, references=[f"{news[side].config_address()}.output",
                                                        news[side].config_address()])
                counts["update"] += 1
                counts["resources"] += 1
            counts["twin_pairs_resolvable"] += 1
        else:
            counts["twin_pairs_tied"] += 1

    def real_delete():
        rtype = pick_type()
        inst = Instance(home(), rtype, f"{TYPE_PREFIX[rtype.type]}_{next_u()}_gone")
        deleted(inst, rtype.state(rtype.configured(u, 0), rng), "delete_because_no_resource_config")
        counts["deletes"] += 1

    def real_create():
        rtype = pick_type()
        ident = next_u()
        created(Instance(home(), rtype, f"{TYPE_PREFIX[rtype.type]}_{ident}_new"), rtype.configured(ident, 0))
        counts["creates"] += 1

    def replace():
        rtype = pick_type()
        ident = next_u()
        inst = Instance(home(), rtype, f"{TYPE_PREFIX[rtype.type]}_{ident}")
        old_state = rtype.state(rtype.configured(ident, 0), rng)
        configured = rtype.configured(ident, 1)
        plan.change(inst, ["delete", "create"], old_state, configured, rtype.unknown(configured),
                    "replace_because_cannot_update")
        plan.planned_value(inst, configured)
        plan.prior_value(inst, old_state)
        plan.declare(inst, configured)
        counts["replaces"] += 1
        counts["resources"] += 1

    while counts["resources"] < n:
        r = rng.random()
        if r < 0.76:
            rtype = pick_type()
            ident = next_u()
            module = home()
            if rng.random() < 0.2:  # a counted resource: several instances
                for index in range(3):
                    stays(Instance(module, rtype, f"{TYPE_PREFIX[rtype.type]}_{ident}", index),
                          rtype.configured(ident * 10 + index, 0))
            else:
                stays(Instance(module, rtype, f"{TYPE_PREFIX[rtype.type]}_{ident}"), rtype.configured(ident, 0),
                      "update" if rng.random() < 0.03 else "no-op")
        elif r < 0.88:
            rename()
        elif r < 0.89:
            twins(rng.random() < 0.5)
        elif r < 0.93:
            real_delete()
        elif r < 0.97:
            real_create()
        else:
            replace()

    counts["changes"] = len(plan.changes)
    counts["expected_moves"] = counts["renames"] + 2 * counts["twin_pairs_resolvable"]
    return plan, counts


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("resources", type=int, help="number of resources (objects in the new configuration)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("-o", "--output", help="file to write (default: stdout)")
    args = parser.parse_args()
    if args.resources < 1:
        parser.error("resources must be at least 1")
    plan, counts = generate(args.resources, args.seed)
    out = open(args.output, "w", encoding="utf-8") if args.output else sys.stdout
    try:
        plan.write(out)
    finally:
        if args.output:
            out.close()
    print("gen_plan: " + " ".join(f"{k}={v}" for k, v in counts.items()), file=sys.stderr)


if __name__ == "__main__":
    main()
