module "vpc12" {
  source = "../m11"
  count = 3
  bucket14_disk24_count = [{"red17" = 2, "blue18" = 3}, {"red17" = 1, "blue18" = 1}, {"red17" = 2, "blue18" = 3}][count.index]
  bucket14_queue44_count = [{"red17" = 2, "blue18" = 3}, {"red17" = 1, "blue18" = 1}, {"red17" = 2, "blue18" = 3}][count.index]
  bucket14_queue44_n = [{"red17" = ["v45", "v47"], "blue18" = ["v49", "v51", "v53"]}, {"red17" = ["v55"], "blue18" = ["v57"]}, {"red17" = ["v59", "v61"], "blue18" = ["v63", "v65", "v67"]}][count.index]
}
