#!/usr/bin/env python3
"""Writes an N-object AWS root for the moto emulator, and its refactors, for scripts/bench aws.

    scripts/gen_aws_root.py N --dir DIR

The root (hashicorp/aws 5.100.0, fake credentials; the caller points the provider at the
emulator with AWS_ENDPOINT_URL, as a user's configuration has no `endpoints {}` block, whose
validation alone costs the provider about 3 s of CPU a plan) holds exactly N objects:

  - network module calls `net_<i>` (modules/network, 13 objects each): a VPC, 3 subnets
    under `count`, a route table and 3 route table associations under `count` (twins
    told apart only by their subnet_id), 2 security groups under `count` (web, db), an
    HTTPS rule per group under `count` (twins told apart only by security_group_id) and
    a rule from web to db;
  - service module calls `svc_<j>` (modules/service, 9 objects each): an IAM role, a
    customer-managed policy and its attachment; an S3 bucket with versioning and a bucket
    policy naming the role; an SQS queue with a dead-letter queue and a redrive policy;
  - plain SQS queues `extra_<k>` at the root to make N exact.

About half of the objects are networks, half services. DIR gets one directory per variant,
each a whole root (the bench copies the applied state into each):

  unchanged/     the root as applied
  renamed/       every object renamed: network calls net_<i> -> network_<i>, every
                 resource in modules/service renamed, extra_<k> -> spare_<k>
  renamed_ref/   renamed/ with the true moved blocks written by hand
  rekeyed/       about half re-keyed: the even network calls use modules/network_keyed
                 (subnets, associations, groups and rules under for_each keys instead of
                 count), the first half of the service calls become one call
                 `svc` with for_each keys ("svc-<j>")
  rekeyed_ref/   rekeyed/ with the true moved blocks written by hand

and DIR/truth.json: {"objects": N, "networks", "services", "extras", "renamed": [[from,
to], ...], "rekeyed": [...]}, the resource instance moves each refactor needs, in
Terraform's address syntax. Standard library only.
"""

import argparse
import json
import os
import sys

AZS = ["us-east-1a", "us-east-1b", "us-east-1c"]
TIERS = ["web", "db"]
NETWORK_OBJECTS = 13
SERVICE_OBJECTS = 9

PROVIDER = """terraform {
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "5.100.0"
    }
  }
}

provider "aws" {
  region                      = "us-east-1"
  access_key                  = "test"
  secret_key                  = "test"
  skip_credentials_validation = true
  skip_requesting_account_id  = true
  skip_metadata_api_check     = true
  skip_region_validation      = true
  s3_use_path_style           = true
}
"""

NETWORK_VARIABLES = """variable "name" {
  type = string
}

variable "cidr_block" {
  type = string
}

variable "availability_zones" {
  type = list(string)
}

variable "tiers" {
  type = list(string)
}

resource "aws_vpc" "this" {
  cidr_block           = var.cidr_block
  enable_dns_hostnames = true
  tags = {
    Name = var.name
  }
}

resource "aws_route_table" "private" {
  vpc_id = aws_vpc.this.id
  tags = {
    Name = "${var.name}-private"
  }
}
"""

NETWORK_COUNT = NETWORK_VARIABLES + """
resource "aws_subnet" "private" {
  count             = length(var.availability_zones)
  vpc_id            = aws_vpc.this.id
  cidr_block        = cidrsubnet(var.cidr_block, 8, count.index)
  availability_zone = var.availability_zones[count.index]
  tags = {
    Name = "${var.name}-private-${var.availability_zones[count.index]}"
  }
}

resource "aws_route_table_association" "private" {
  count          = length(var.availability_zones)
  subnet_id      = aws_subnet.private[count.index].id
  route_table_id = aws_route_table.private.id
}

resource "aws_security_group" "tier" {
  count       = length(var.tiers)
  name        = "${var.name}-${var.tiers[count.index]}"
  description = "${var.tiers[count.index]} tier"
  vpc_id      = aws_vpc.this.id
}

resource "aws_security_group_rule" "https" {
  count             = length(var.tiers)
  type              = "ingress"
  from_port         = 443
  to_port           = 443
  protocol          = "tcp"
  cidr_blocks       = [var.cidr_block]
  security_group_id = aws_security_group.tier[count.index].id
}

resource "aws_security_group_rule" "db_from_web" {
  type                     = "ingress"
  from_port                = 5432
  to_port                  = 5432
  protocol                 = "tcp"
  source_security_group_id = aws_security_group.tier[0].id
  security_group_id        = aws_security_group.tier[1].id
}
"""

NETWORK_KEYED = NETWORK_VARIABLES + """
resource "aws_subnet" "private" {
  for_each          = { for i, az in var.availability_zones : az => i }
  vpc_id            = aws_vpc.this.id
  cidr_block        = cidrsubnet(var.cidr_block, 8, each.value)
  availability_zone = each.key
  tags = {
    Name = "${var.name}-private-${each.key}"
  }
}

resource "aws_route_table_association" "private" {
  for_each       = aws_subnet.private
  subnet_id      = each.value.id
  route_table_id = aws_route_table.private.id
}

resource "aws_security_group" "tier" {
  for_each    = toset(var.tiers)
  name        = "${var.name}-${each.key}"
  description = "${each.key} tier"
  vpc_id      = aws_vpc.this.id
}

resource "aws_security_group_rule" "https" {
  for_each          = aws_security_group.tier
  type              = "ingress"
  from_port         = 443
  to_port           = 443
  protocol          = "tcp"
  cidr_blocks       = [var.cidr_block]
  security_group_id = each.value.id
}

resource "aws_security_group_rule" "db_from_web" {
  type                     = "ingress"
  from_port                = 5432
  to_port                  = 5432
  protocol                 = "tcp"
  source_security_group_id = aws_security_group.tier["web"].id
  security_group_id        = aws_security_group.tier["db"].id
}
"""

# The service module, with its resource names as parameters (renamed/ renames them all).
SERVICE = """variable "name" {
  type = string
}

resource "aws_sqs_queue" "%(dlq)s" {
  name                      = "${var.name}-dead-letter"
  message_retention_seconds = 1209600
}

resource "aws_sqs_queue" "%(queue)s" {
  name                       = "${var.name}-jobs"
  visibility_timeout_seconds = 120
  # The redrive policy is its own resource. moto reads it back spaced, which the provider
  # would plan to rewrite here at every refresh.
  lifecycle {
    ignore_changes = [redrive_policy]
  }
}

resource "aws_sqs_queue_redrive_policy" "%(redrive)s" {
  queue_url = aws_sqs_queue.%(queue)s.id
  redrive_policy = jsonencode({
    deadLetterTargetArn = aws_sqs_queue.%(dlq)s.arn
    maxReceiveCount     = 5
  })
}

resource "aws_s3_bucket" "%(bucket)s" {
  bucket = "${var.name}-data"
}

resource "aws_s3_bucket_versioning" "%(versioning)s" {
  bucket = aws_s3_bucket.%(bucket)s.id
  versioning_configuration {
    status = "Enabled"
  }
}

resource "aws_iam_role" "%(role)s" {
  name = var.name
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "ecs-tasks.amazonaws.com" }
    }]
  })
}

resource "aws_iam_policy" "%(policy)s" {
  name        = "${var.name}-access"
  description = "${var.name} takes jobs and writes data"
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [
      {
        Effect   = "Allow"
        Action   = ["sqs:ReceiveMessage", "sqs:DeleteMessage"]
        Resource = aws_sqs_queue.%(queue)s.arn
      },
      {
        Effect   = "Allow"
        Action   = "s3:PutObject"
        Resource = "${aws_s3_bucket.%(bucket)s.arn}/*"
      },
    ]
  })
}

resource "aws_iam_role_policy_attachment" "%(attachment)s" {
  role       = aws_iam_role.%(role)s.name
  policy_arn = aws_iam_policy.%(policy)s.arn
}

resource "aws_s3_bucket_policy" "%(bucket_policy)s" {
  bucket = aws_s3_bucket.%(bucket)s.id
  policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Sid       = "ServiceReads"
      Effect    = "Allow"
      Principal = { AWS = aws_iam_role.%(role)s.arn }
      Action    = "s3:GetObject"
      Resource  = "${aws_s3_bucket.%(bucket)s.arn}/*"
    }]
  })
}
"""

# (type, name before, name after renaming) of every service resource.
SERVICE_RESOURCES = [
    ("aws_sqs_queue", "dlq", "dead_letter", "dead_letter_queue"),
    ("aws_sqs_queue", "queue", "jobs", "work"),
    ("aws_sqs_queue_redrive_policy", "redrive", "jobs", "work"),
    ("aws_s3_bucket", "bucket", "data", "store"),
    ("aws_s3_bucket_versioning", "versioning", "data", "store"),
    ("aws_iam_role", "role", "this", "service"),
    ("aws_iam_policy", "policy", "this", "service_access"),
    ("aws_iam_role_policy_attachment", "attachment", "this", "service_access"),
    ("aws_s3_bucket_policy", "bucket_policy", "data", "store"),
]


def service_module(renamed):
    return SERVICE % {key: (new if renamed else old) for _, key, old, new in SERVICE_RESOURCES}


def network_instances():
    """(address with count index, address with for_each key) of every re-keyed resource."""
    pairs = []
    for i, az in enumerate(AZS):
        pairs.append((f"aws_subnet.private[{i}]", f'aws_subnet.private["{az}"]'))
        pairs.append((f"aws_route_table_association.private[{i}]", f'aws_route_table_association.private["{az}"]'))
    for i, tier in enumerate(TIERS):
        pairs.append((f"aws_security_group.tier[{i}]", f'aws_security_group.tier["{tier}"]'))
        pairs.append((f"aws_security_group_rule.https[{i}]", f'aws_security_group_rule.https["{tier}"]'))
    return pairs


NETWORK_STAYING = ["aws_vpc.this", "aws_route_table.private", "aws_security_group_rule.db_from_web"]


def network_call(name, i, source):
    azs = ", ".join(f'"{az}"' for az in AZS)
    tiers = ", ".join(f'"{t}"' for t in TIERS)
    return (f'module "{name}" {{\n  source             = "./modules/{source}"\n  name               = "bench-net-{i}"\n'
            f'  cidr_block         = "10.{i}.0.0/16"\n  availability_zones = [{azs}]\n  tiers              = [{tiers}]\n}}\n\n')


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("n", type=int)
    parser.add_argument("--dir", required=True)
    args = parser.parse_args()
    n = args.n
    networks = max(1, round(n * 0.5 / NETWORK_OBJECTS))
    services = (n - networks * NETWORK_OBJECTS) // SERVICE_OBJECTS
    extras = n - networks * NETWORK_OBJECTS - services * SERVICE_OBJECTS
    if services < 2 or extras < 0:
        sys.exit(f"gen_aws_root: N={n} is too small for 2 services (50 is enough)")
    keyed_networks = [i for i in range(networks) if i % 2 == 0]
    keyed_services = list(range((services + 1) // 2))

    truth = {"objects": n, "networks": networks, "services": services, "extras": extras, "renamed": [], "rekeyed": []}
    for i in range(networks):
        for r in NETWORK_STAYING + [a for pair in network_instances() for a in pair[:1]]:
            truth["renamed"].append([f"module.net_{i}.{r}", f"module.network_{i}.{r}"])
        if i in keyed_networks:
            for old, new in network_instances():
                truth["rekeyed"].append([f"module.net_{i}.{old}", f"module.net_{i}.{new}"])
    for j in range(services):
        for rtype, _, old, new in SERVICE_RESOURCES:
            truth["renamed"].append([f"module.svc_{j}.{rtype}.{old}", f"module.svc_{j}.{rtype}.{new}"])
            if j in keyed_services:
                truth["rekeyed"].append([f"module.svc_{j}.{rtype}.{old}", f'module.svc["svc-{j}"].{rtype}.{old}'])
    for k in range(extras):
        truth["renamed"].append([f"aws_sqs_queue.extra_{k}", f"aws_sqs_queue.spare_{k}"])
    assert len(truth["renamed"]) == n

    def extra_queues(prefix):
        return "".join(f'resource "aws_sqs_queue" "{prefix}_{k}" {{\n  name = "bench-extra-{k}"\n}}\n\n'
                       for k in range(extras))

    def service_calls(keyed):
        text = ""
        for j in range(services):
            if keyed and j in keyed_services:
                continue
            text += f'module "svc_{j}" {{\n  source = "./modules/service"\n  name   = "bench-svc-{j}"\n}}\n\n'
        if keyed:
            keys = ", ".join(f'"svc-{j}"' for j in keyed_services)
            text += (f'module "svc" {{\n  source   = "./modules/service"\n  for_each = toset([{keys}])\n'
                     f'  name     = "bench-${{each.key}}"\n}}\n\n')
        return text

    variants = {
        "unchanged": ("net", lambda i: "network", False, False, "extra"),
        "renamed": ("network", lambda i: "network", True, False, "spare"),
        "rekeyed": ("net", lambda i: "network_keyed" if i in keyed_networks else "network", False, True, "extra"),
    }
    provider = PROVIDER
    for variant, (call, source, renamed, keyed, extra) in variants.items():
        dirs = [variant] + ([variant + "_ref"] if variant != "unchanged" else [])
        for d in dirs:
            root = os.path.join(args.dir, d)
            write(os.path.join(root, "provider.tf"), provider)
            write(os.path.join(root, "main.tf"),
                  f"# {n} objects: {networks} networks, {services} services, {extras} extra queues ({variant}).\n\n"
                  + "".join(network_call(f"{call}_{i}", i, source(i)) for i in range(networks))
                  + service_calls(keyed) + extra_queues(extra))
            write(os.path.join(root, "modules/network/main.tf"), NETWORK_COUNT)
            write(os.path.join(root, "modules/network_keyed/main.tf"), NETWORK_KEYED)
            write(os.path.join(root, "modules/service/main.tf"), service_module(renamed))
        # The moved blocks a user would write by hand, as few as Terraform needs.
        if variant == "renamed":
            ref = os.path.join(args.dir, "renamed_ref")
            write(os.path.join(ref, "moved.tf"),
                  "".join(f"moved {{\n  from = module.net_{i}\n  to   = module.network_{i}\n}}\n\n" for i in range(networks))
                  + "".join(f"moved {{\n  from = aws_sqs_queue.extra_{k}\n  to   = aws_sqs_queue.spare_{k}\n}}\n\n"
                            for k in range(extras)))
            write(os.path.join(ref, "modules/service/moved.tf"),
                  "".join(f"moved {{\n  from = {t}.{old}\n  to   = {t}.{new}\n}}\n\n" for t, _, old, new in SERVICE_RESOURCES))
        if variant == "rekeyed":
            ref = os.path.join(args.dir, "rekeyed_ref")
            write(os.path.join(ref, "modules/network_keyed/moved.tf"),
                  "".join(f"moved {{\n  from = {old}\n  to   = {new}\n}}\n\n" for old, new in network_instances()))
            write(os.path.join(ref, "moved.tf"),
                  "".join(f'moved {{\n  from = module.svc_{j}\n  to   = module.svc["svc-{j}"]\n}}\n\n' for j in keyed_services))
    write(os.path.join(args.dir, "truth.json"), json.dumps(truth, indent=1) + "\n")
    print(f"gen_aws_root: objects={n} networks={networks} services={services} extras={extras} "
          f"renamed_moves={len(truth['renamed'])} rekeyed_moves={len(truth['rekeyed'])}", file=sys.stderr)


if __name__ == "__main__":
    main()
